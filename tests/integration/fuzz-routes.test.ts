import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import type { RouteSpec } from '../../events/route';
import { allRoutes, routes } from '../../src/shared/api-routes';
import { backends, freshApp, suiteApp } from '../support/backends';
import { handlerFor } from '../support/endpoints';
import { Browser, installApp, signedInBrowser } from './accounts-support';

/**
 * No input makes an endpoint answer 500. fast-check generates params,
 * query strings and JSON bodies for every declared route (through the real middlewares and
 * endpoints, as the admin, so every guard lets the request reach the parsers) and each
 * answer must be below 500. Values lean towards what broke before: ids past 2^31, non-canonical
 * spellings, NUL bytes, lone UTF-16 surrogates, impossible dates. A few seconds: the runs are few
 * per route, the generators aimed.
 */
const ADMIN = 'admin@promptory.test';

const nasty = fc.constantFrom(
  '2147483648',
  '2147483647',
  '99999999999999999999',
  '5.0',
  '005',
  '0x5',
  '-1',
  '0',
  '1e3',
  ' 5',
  'NaN',
  'a\u0000b',
  '\ud800',
  'x\udfff',
  '0000-01-01T00:00:00Z',
  '9999-12-31T23:59:59Z',
  '',
);
const text = fc.oneof(nasty, fc.string({ unit: 'binary', maxLength: 12 }), fc.nat().map(String));
const value: fc.Arbitrary<unknown> = fc.oneof(
  text,
  fc.constantFrom(2 ** 31, 2 ** 53, -1, 0, 1.5, 1e308, true, null),
  fc.integer(),
  fc.array(text, { maxLength: 2 }),
);

/** The keys a schema names (an object's shape), plus one it does not. */
function keysOf(schema: z.ZodType | undefined): string[] {
  const shape = (schema as { shape?: Record<string, unknown> } | undefined)?.shape;
  return [...Object.keys(shape ?? {}), 'extra'];
}

const paramNames = (route: RouteSpec) => [...route.path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]);

function requestFor(route: RouteSpec) {
  return fc.record({
    params: fc.tuple(...paramNames(route).map(() => text)),
    query: fc.dictionary(fc.constantFrom(...keysOf(route.query)), text, { maxKeys: 3 }),
    body: fc.oneof(fc.dictionary(fc.constantFrom(...keysOf(route.body)), value, { maxKeys: 5 }), fc.jsonValue({ maxDepth: 2 })),
  });
}

describe.each(backends.slice(0, 1))('every route answers bad input below 500, on $name', (backend) => {
  let admin: Browser;
  const app = suiteApp(async () => {
    const booted = await freshApp(backend, { publicUrl: 'http://localhost:4321', adminEmail: ADMIN, authMinResponseMs: 0 });
    installApp(booted);
    admin = await signedInBrowser(booted, ADMIN, 'Admin', ADMIN);
    admin.headers = { origin: 'http://localhost:4321' };
    return booted;
  });

  it("the review's examples answer 4xx", async () => {
    expect(app()).toBeTruthy();
    const cases: [RouteSpec, { params?: Record<string, string>; query?: string; body?: unknown }][] = [
      [routes.pending, { query: 'asOf=0000-01-01T00:00:00Z' }],
      [routes.prompt, { params: { id: '2147483648' } }],
      [routes.prompt, { params: { id: '5.0' } }],
      [routes.prompt, { params: { id: '0x5' } }],
      [routes.collection, { params: { id: '2147483648' } }],
      [routes.extensionPrompts, { query: 'categoryId=2147483648' }],
      [routes.register, { body: { name: 'Ann\u0000Lee', email: 'ann@example.com' } }],
      [routes.createCollection, { body: { name: 'Odd \ud800', description: 'A description long enough' } }],
    ];
    for (const [route, { params, query, body }] of cases) {
      const path = route.path.replace(/\{\w+\}/g, '1') + (query ? `?${query}` : '');
      const r = await admin.call(handlerFor(route), { method: route.method, path, params, body, headers: admin.headers });
      expect.soft(r.status, `${route.method} ${path} ${JSON.stringify(params ?? body ?? '')}`).toBeGreaterThanOrEqual(400);
      expect.soft(r.status, `${route.method} ${path} ${JSON.stringify(params ?? body ?? '')}`).toBeLessThan(500);
    }
  });

  /**
   * Valid bodies with one field spoiled: a random body is refused by its first wrong field,
   * so the text fields that reach the database are spoiled one at a time here.
   */
  const valid: [RouteSpec, Record<string, unknown>][] = [
    [routes.register, { name: 'Ann Lee', email: 'ann@example.com', username: 'annlee' }],
    [routes.forgotPassword, { email: 'ann@example.com' }],
    [routes.login, { email: 'ann@example.com', password: 'correct horse battery' }],
    [routes.createCollection, { name: 'Writing', description: 'Prompts for writing well', isPublic: false }],
    [
      routes.submit,
      { title: 'A fine title', description: 'A description long enough', content: 'Content long enough to be a prompt', categoryId: 1, authorName: 'Ann' },
    ],
    [routes.recordHistory, { promptId: 1, modifiedContent: 'changed text' }],
    [routes.connectDevice, { name: 'Laptop', tokenHash: 'a'.repeat(64) }],
    [routes.requestConnection, { name: 'Laptop', tokenHash: 'b'.repeat(64) }],
  ];
  it('valid bodies with one field spoiled', async () => {
    expect(app()).toBeTruthy();
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...valid), fc.nat(), nasty, async ([route, body], which, spoiled) => {
        const keys = Object.keys(body);
        const key = keys[which % keys.length];
        const r = await admin.call(handlerFor(route), { method: route.method, path: route.path, body: { ...body, [key]: spoiled }, headers: admin.headers });
        expect(r.status, JSON.stringify({ route: route.path, key, spoiled, answer: r.body })).toBeLessThan(500);
      }),
      { numRuns: 30, seed: Number(process.env.FUZZ_SEED) || undefined },
    );
  });

  it.each(allRoutes.map((r) => [`${r.method} ${r.path}`, r] as const))('%s', async (_, route) => {
    expect(app()).toBeTruthy();
    const handler = handlerFor(route);
    await fc.assert(
      fc.asyncProperty(requestFor(route), async ({ params, query, body }) => {
        const names = paramNames(route);
        const search = new URLSearchParams(query as Record<string, string>).toString();
        // The URL's path only locates the endpoint here; the handler reads the raw params as Astro would hand them over.
        const path = route.path.replace(/\{\w+\}/g, '1') + (search ? `?${search}` : '');
        // Signing out would end the admin's session for every later run: a visitor signs out.
        const caller = route.path === '/api/auth/logout' ? new Browser() : admin;
        const r = await caller.call(handler, {
          method: route.method,
          path,
          params: Object.fromEntries(names.map((n, i) => [n, params[i]])),
          body: route.method === 'GET' ? undefined : body,
          headers: admin.headers,
        });
        expect(r.status, JSON.stringify({ params, query, body, answer: r.body })).toBeLessThan(500);
      }),
      { numRuns: 6, seed: Number(process.env.FUZZ_SEED) || undefined },
    );
  });
});
