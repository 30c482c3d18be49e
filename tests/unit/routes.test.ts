import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { findRoute, pathFor, pathPattern } from '../../events/route';
import { GENERATED_DIR, generatedFiles } from '../../scripts/generate-api-routes';
import { allRoutes, routes } from '../../src/shared/api-routes';
import { Validator } from '@seriousme/openapi-schema-validator';
import { openApiDocument } from '../../src/server/openapi';
import { endpoints, pathOfFile } from '../support/endpoints';

/** The HTTP surface is the declarations (modules/*\/routes.ts): every endpoint is one of them. */
describe('routes as data', () => {
  it('serves every endpoint through its declaration, at the declared method and path', () => {
    expect(endpoints.length).toBeGreaterThan(30);
    for (const e of endpoints) {
      expect(e.handler.route, `${e.method} ${e.file} is not made with serve(route, handler)`).toBeDefined();
      expect({ method: e.handler.route!.method, path: e.handler.route!.path }, `${e.method} ${e.file} serves another route's declaration`).toEqual({
        method: e.method,
        path: e.path,
      });
    }
  });

  it('has exactly one endpoint for every declared route', () => {
    for (const [name, r] of Object.entries(routes)) {
      const serving = endpoints.filter((e) => e.method === r.method && e.path === r.path);
      expect(serving.length, `routes.${name} (${r.method} ${r.path}) has ${serving.length} endpoints`).toBe(1);
    }
    expect(endpoints.length).toBe(allRoutes.length);
  });

  it('declares each method and path once, with params named as in the path', () => {
    const keys = allRoutes.map((r) => `${r.method} ${r.path}`);
    expect(new Set(keys).size).toBe(keys.length);
    for (const r of allRoutes) {
      const named = [...r.path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();
      const shape = r.params && 'shape' in r.params ? Object.keys(r.params.shape as object).sort() : [];
      expect(shape, `${r.method} ${r.path}: params schema vs path`).toEqual(named);
      if (r.method === 'GET') expect(r.body, `${r.method} ${r.path} takes no body`).toBeUndefined();
    }
  });

  it('keeps the clients’ route table in step with the declarations (npm run generate)', () => {
    const expected = generatedFiles();
    expect(readdirSync(GENERATED_DIR).sort()).toEqual(Object.keys(expected).sort());
    for (const [name, text] of Object.entries(expected)) expect(readFileSync(join(GENERATED_DIR, name), 'utf8'), name).toBe(text);
  });

  it('maps file paths to routes as Astro does', () => {
    expect(pathOfFile('../../src/pages/api/collections/[id]/prompts/[promptId].ts')).toBe('/api/collections/{id}/prompts/{promptId}');
    expect(pathOfFile('../../src/pages/api/favorites/index.ts')).toBe('/api/favorites');
  });
});

describe('paths', () => {
  it('fills params (encoded) and leaves empty query values out', () => {
    expect(pathFor(routes.removeFromCollection, { params: { id: 4, promptId: 9 } })).toBe('/api/collections/4/prompts/9');
    expect(pathFor(routes.pending, { query: { asOf: '2026-01-01T00:00:00+08:00' } })).toBe('/api/admin/prompts/pending?asOf=2026-01-01T00%3A00%3A00%2B08%3A00');
    expect(pathFor(routes.extensionPrompts, { query: { q: undefined, categoryId: 2 } })).toBe('/api/extension/prompts?categoryId=2');
    expect(pathFor({ path: '/api/x/{id}' }, { params: { id: 'a/b' } })).toBe('/api/x/a%2Fb');
    expect(() => pathFor(routes.withdraw, {} as never)).toThrow(/missing param id/);
  });

  it('matches a literal segment before a param, as the router does', () => {
    expect(findRoute(allRoutes, 'GET', '/api/prompts/my')).toBe(routes.mySubmissions);
    expect(findRoute(allRoutes, 'GET', '/api/prompts/12')).toBe(routes.prompt);
    expect(findRoute(allRoutes, 'DELETE', '/api/extension/devices/current')).toBe(routes.signOutDevice);
    expect(findRoute(allRoutes, 'GET', '/api/prompts/12/rating/')).toBe(routes.myRating);
    expect(findRoute(allRoutes, 'PATCH', '/api/prompts/12')).toBe(routes.edit);
    expect(findRoute(allRoutes, 'PATCH', '/api/prompts/my')).toBeUndefined();
    expect(pathPattern(routes.use).test('/api/prompts/1/use/extra')).toBe(false);
  });
});

describe('the OpenAPI document', () => {
  const document = openApiDocument(allRoutes, 'http://localhost:4321') as {
    paths: Record<
      string,
      Record<
        string,
        {
          parameters: { name: string; in: string; required: boolean }[];
          requestBody?: { content: Record<string, { schema: { properties: Record<string, { maxLength?: number }> } }> };
        }
      >
    >;
  };

  it('describes every declared route, with its params and body from the same schemas', () => {
    for (const r of allRoutes) expect(document.paths[r.path]?.[r.method.toLowerCase()], `${r.method} ${r.path}`).toBeDefined();
    expect(document.paths['/api/collections/{id}/prompts/{promptId}'].delete.parameters).toEqual([
      expect.objectContaining({ name: 'id', in: 'path', required: true }),
      expect.objectContaining({ name: 'promptId', in: 'path', required: true }),
    ]);
    const submit = document.paths['/api/prompts'].post.requestBody!.content['application/json'].schema;
    expect(submit.properties.title.maxLength).toBe(routes.submit.body.shape.title.maxLength);
  });

  it("is a valid OpenAPI 3.1 document (checked against the specification's own JSON Schema)", async () => {
    const validator = new Validator();
    const result = await validator.validate(structuredClone(document));
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    expect(validator.version).toBe('3.1');
  });

  it('names the bearer credentials a route takes: a device and a personal access token exactly where a device may call', () => {
    const security = (method: string, path: string) => (document.paths[path][method] as unknown as { security: Record<string, unknown>[] }).security;
    expect(security('get', '/api/favorites/my')).toEqual([{ session: [] }, { device: [] }, { token: [] }]);
    expect(security('get', '/api/prompts')).toEqual([{}, { session: [] }, { device: [] }, { token: [] }]);
    expect(security('post', '/api/collections')).toEqual([{ session: [] }]);
    expect(security('get', '/api/tokens')).toEqual([{ session: [] }]);
  });
});

describe('the browser’s typed client', () => {
  it('imports the route helpers without bundling zod (20 KB gzipped on every page): events/route.ts takes zod as types only', () => {
    const source = readFileSync(join(__dirname, '../../events/route.ts'), 'utf8');
    const valueImports = [...source.matchAll(/^import\s+(?!type\b)[^;]*from\s+'([^']+)'/gm)].map((m) => m[1]);
    expect(valueImports).not.toContain('zod');
  });
});
