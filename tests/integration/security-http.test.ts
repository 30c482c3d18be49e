import fc from 'fast-check';
import { mkdtempSync, rmSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, testPort, type RunningServer } from '../support/server';

/**
 * The security rules (docs/security.md) through the built server, as a newcomer runs it (`npm start`: no PUBLIC_URL):
 * writes from the loopback address it answers are accepted; ids in paths have one spelling;
 * unknown methods, `/_image` and unstorable query text are 4xx, never 500.
 */
describe('the built server, without PUBLIC_URL', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'promptory-security-'));
  const port = testPort(20);
  let server: RunningServer;
  beforeAll(async () => {
    // PUBLIC_URL empty: the setting is unset, as on a fresh clone.
    server = await startServer({ DATA_DIR: dataDir, PUBLIC_URL: '', AUTH_MIN_RESPONSE_MS: '0' }, port);
  });
  afterAll(async () => {
    await server?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  /** A raw request (fetch refuses TRACE), with status, headers and body. */
  const send = (method: string, path: string, headers: Record<string, string> = {}, body?: string) =>
    new Promise<{ status: number; type: string; body: string; allow?: string }>((resolve, reject) => {
      const req = request(`${server.url}${path}`, { method, headers }, (response) => {
        let text = '';
        response.on('data', (c) => (text += c));
        response.on('end', () =>
          resolve({ status: response.statusCode!, type: String(response.headers['content-type'] ?? ''), body: text, allow: response.headers.allow }),
        );
      });
      req.on('error', reject);
      req.end(body);
    });

  it('accepts a write from every loopback origin it serves (the newcomer got 403)', async () => {
    for (const origin of [`http://127.0.0.1:${port}`, `http://localhost:${port}`]) {
      const r = await send('POST', '/api/auth/forgot-password', { origin, 'content-type': 'application/json' }, JSON.stringify({ email: 'new@example.com' }));
      expect(r.status, `${origin}: ${r.body}`).toBe(200);
    }
    const foreign = await send('POST', '/api/auth/forgot-password', { origin: 'http://evil.example', 'content-type': 'application/json' }, '{}');
    expect(foreign.status).toBe(403);
  });

  it('answers an id in a path only in its canonical spelling', async () => {
    expect((await send('GET', '/prompts/5')).status).toBe(200);
    for (const path of [
      '/prompts/5.0',
      '/prompts/005',
      '/prompts/0x5',
      '/prompts/+5',
      '/prompts/5e0',
      '/prompts/2147483648',
      '/collections/2147483648',
      '/collections/01',
    ]) {
      expect.soft((await send('GET', path)).status, path).toBe(404);
    }
    for (const path of ['/api/prompts/5.0', '/api/prompts/2147483648', '/api/collections/2147483648', '/api/extension/prompts?categoryId=2147483648']) {
      const r = await send('GET', path);
      expect.soft(r.status, path).toBeGreaterThanOrEqual(400);
      expect.soft(r.status, path).toBeLessThan(500);
    }
  });

  it('refuses a NUL in the query: 400 JSON for the API, a 400 page for a page', async () => {
    const api = await send('GET', '/api/prompts?q=a%00b');
    expect(api.status).toBe(400);
    expect(JSON.parse(api.body).error).toBeTruthy();
    const page = await send('GET', '/prompts?q=a%00b');
    expect(page.status).toBe(400);
    expect(page.type).toMatch(/text\/html/);
    expect(page.body).toContain('Bad request');
  });

  it('answers an API caller in JSON: an undeclared path is a 404, a declared path with another method a 405 with Allow', async () => {
    const origin = { origin: `http://127.0.0.1:${port}` };
    for (const path of ['/api/nope', '/api/prompts/1/nope', '/api/']) {
      const r = await send('GET', path);
      expect.soft(r.status, path).toBe(404);
      expect.soft(r.type, path).toContain('application/json');
      expect.soft(JSON.parse(r.body), path).toMatchObject({ error: 'Not found', code: 'request.notFound' });
    }
    for (const [method, path, allow] of [
      ['POST', '/api/categories', 'GET, HEAD'],
      ['DELETE', '/api/ratings', 'POST'],
      ['GET', '/api/ratings', 'POST'],
      ['PATCH', '/api/auth/login', 'POST'],
      // A literal path is its own, whatever the method: /api/prompts/{id}'s PATCH and DELETE are not /api/prompts/my's.
      ['PATCH', '/api/prompts/my', 'GET, HEAD'],
    ]) {
      const r = await send(method, path, origin);
      expect.soft(r.status, `${method} ${path}`).toBe(405);
      expect.soft(r.type, `${method} ${path}`).toContain('application/json');
      expect.soft(r.allow, `${method} ${path}`).toBe(allow);
      expect.soft(JSON.parse(r.body).error, `${method} ${path}`).toContain(allow);
    }
    // Declared routes still answer: a literal segment, a param, and HEAD for a GET.
    expect((await send('GET', '/api/categories')).status).toBe(200);
    expect((await send('HEAD', '/api/prompts/1')).status).toBe(200);
  });

  it('answers TRACE and made-up methods 405, and /_image 404', async () => {
    for (const [method, path] of [
      ['TRACE', '/'],
      ['TRACE', '/api/prompts'],
      // A method Node's parser knows but the app does not (Node itself answers 400 to a made-up token).
      ['PROPFIND', '/prompts'],
    ]) {
      expect.soft((await send(method, path)).status, `${method} ${path}`).toBe(405);
    }
    for (const path of ['/_image?href=%2Ficons.svg&w=10&f=webp', '/_image?href=https%3A%2F%2Fexample.com%2Fa.png&w=10']) {
      expect.soft((await send('GET', path)).status, path).toBe(404);
    }
  });

  it('answers any id page below 500 (fast-check)', async () => {
    const segment = fc.oneof(
      fc.bigInt({ min: -(2n ** 40n), max: 2n ** 40n }).map(String),
      fc.string({ unit: 'binary', maxLength: 8 }).map((s) => encodeURIComponent(s.replace(/[\ud800-\udfff]/g, '\ufffd'))),
      fc.constantFrom('5.0', '005', '0x5', '%00', '%2e%2e', '1%20', '2147483647'),
    );
    await fc.assert(
      fc.asyncProperty(fc.constantFrom('/prompts/', '/collections/', '/api/prompts/', '/api/collections/'), segment, async (base, id) => {
        const r = await send('GET', base + id);
        expect(r.status, base + id).toBeLessThan(500);
      }),
      { numRuns: 10 },
    );
  });
});
