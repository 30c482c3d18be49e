import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Integration tests reach an endpoint the way a client does: through the test app
 * (tests/support/test-app.ts), which runs production's whole middleware chain and then the
 * endpoint the router picks. A test that imports an endpoint module, or hands a handler to
 * someone to call, skips the chain: the security, language, cache and session work a real
 * request gets. Only the router (tests/support/endpoints.ts) loads endpoint files.
 */
const ROOT = resolve(__dirname, '../..');
const ROUTER = 'tests/support/endpoints.ts';

const testFiles = () =>
  ['tests/integration', 'tests/support'].flatMap((dir) =>
    readdirSync(join(ROOT, dir))
      .filter((name) => /\.(ts|tsx|mts)$/.test(name))
      .map((name) => `${dir}/${name}`),
  );

/** An import (static or dynamic) of a module under src/pages: an endpoint's handlers. */
const IMPORTS_ENDPOINT = /(?:\bfrom\s*|\bimport\s*\(\s*)['"][^'"]*\bsrc\/pages\//;
/** A handler called directly: `x.call(handlerFor(…))`, `x.call(someApi.POST, …)`, `x.call(handler, …)`. */
const CALLS_HANDLER = /\.call\(\s*(?:handlerFor\b|[\w$.]+\.(?:GET|POST|PUT|PATCH|DELETE)\b|handler\b)/;

export function bypassesChain(source: string): string | null {
  if (IMPORTS_ENDPOINT.test(source)) return 'imports an endpoint module';
  if (CALLS_HANDLER.test(source)) return 'calls a handler directly';
  if (/\bhandlerFor\s*\(/.test(source)) return 'looks a handler up';
  return null;
}

describe('integration tests go through the test app', () => {
  it('knows a bypass when it sees one', () => {
    expect(bypassesChain("import * as loginApi from '../../src/pages/api/auth/login';")).not.toBeNull();
    expect(bypassesChain("const { POST } = await import('../../src/pages/api/auth/register');")).not.toBeNull();
    expect(bypassesChain('await browser.call(loginApi.POST, { body });')).not.toBeNull();
    expect(bypassesChain('await b.call(handler, { method, path });')).not.toBeNull();
    expect(bypassesChain("await admin.call(handlerFor(route), { method: 'GET' });")).not.toBeNull();
    expect(bypassesChain('const handler = handlerFor(route);')).not.toBeNull();
    // A function's own .call and a directory listing are not requests.
    expect(bypassesChain('return (write as (...a: unknown[]) => boolean).call(this, chunk);')).toBeNull();
    expect(bypassesChain("function sessionPages(dir = 'src/pages') {}")).toBeNull();
    expect(bypassesChain('await browser.api(routes.login, { body });')).toBeNull();
  });

  it('no integration test or helper but the router reaches an endpoint except through the chain', () => {
    const files = testFiles().filter((file) => file !== ROUTER);
    expect(files).toContain('tests/support/test-app.ts');
    const offenders = files.map((file) => [file, bypassesChain(readFileSync(join(ROOT, file), 'utf8'))]).filter(([, why]) => why);
    expect(offenders).toEqual([]);
  });

  it("the test app's chain is src/middleware.ts's onRequest, not a list of its own", () => {
    const source = readFileSync(join(ROOT, 'tests/support/test-app.ts'), 'utf8');
    expect(source).toMatch(/import \{ onRequest \} from '\.\.\/\.\.\/src\/middleware';/);
    expect(source).not.toMatch(/src\/server\/middleware\//);
  });
});
