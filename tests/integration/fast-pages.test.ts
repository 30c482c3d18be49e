import { mkdtempSync, rmSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, testPort, type RunningServer } from '../support/server';
import { WRITTEN_COOKIE } from '../../src/server/freshness';
import { lastMail } from '../support/test-app';

/**
 * A stored public page is answered by the Node server without entering Astro
 * (src/server/page-cache/fast-pages.ts). The built server runs under tests/support/serve-observed.mjs,
 * which logs each answer of the fast path and lets a request skip it: so the very same request
 * is answered once by each path, and the two answers must be the same bytes.
 */
interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  /** Header names in the order they were sent. */
  order: string[];
  body: Buffer;
}

describe('stored pages without Astro', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'promptory-fast-'));
  let server: RunningServer;
  beforeAll(async () => {
    server = await startServer({ DATA_DIR: dataDir }, testPort(8), 'tests/support/serve-observed.mjs');
  });
  afterAll(async () => {
    await server?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  let sent = 0;
  /** The answer as it travels (no decoding), and whether the fast path gave it (the wrapper's log). */
  async function get(path: string, headers: Record<string, string> = {}, method = 'GET'): Promise<Answer & { fast: boolean }> {
    const id = String(++sent);
    const answer = await new Promise<Answer>((resolve, reject) => {
      request(`${server.url}${path}`, { method, headers: { ...headers, 'x-test-id': id } }, (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (c: Buffer) => chunks.push(c));
        const order = response.rawHeaders.filter((_, i) => i % 2 === 0).map((name) => name.toLowerCase());
        response.on('end', () => resolve({ status: response.statusCode!, headers: response.headers, order, body: Buffer.concat(chunks) }));
      })
        .on('error', reject)
        .end();
    });
    // The server's output reaches us on another pipe than the answer: wait for its line.
    const line = new RegExp(`\\[fast-pages\\] ${id} (fast|astro)`);
    for (let i = 0; i < 200 && !line.test(server.output()); i++) await new Promise((r) => setTimeout(r, 10));
    const verdict = line.exec(server.output())?.[1];
    if (!verdict) throw new Error(`no verdict for ${method} ${path}`);
    return { ...answer, fast: verdict === 'fast' };
  }
  const throughAstro = (headers: Record<string, string> = {}) => ({ ...headers, 'x-test-through-astro': '1' });
  /** Everything but the clock. */
  const comparable = (a: Answer) => ({ status: a.status, headers: { ...a.headers, date: undefined }, order: a.order, body: a.body.toString('base64') });

  const requests: [string, Record<string, string>, string?][] = [
    ['/', {}],
    ['/prompts', { 'accept-encoding': 'gzip, deflate, br' }],
    ['/prompts', { 'accept-encoding': 'identity' }],
    ['/prompts', { 'accept-encoding': 'gzip;q=0' }],
    ['/prompts?tab=featured&q=code', { 'accept-encoding': 'gzip' }],
    ['/prompts/2', { 'accept-encoding': 'gzip' }],
    ['/prompts/2', { 'accept-language': 'zh-HK,zh;q=0.9,en;q=0.8' }],
    ['/prompts/2', { cookie: 'theme=dark; i18next=zh-HK' }],
    ['/prompts/2', { cookie: 'i18next=en', 'accept-language': 'zh-HK' }],
    ['/prompts/2?lng=zh-HK', { cookie: 'i18next=zh-HK' }],
    ['/community?tab=newest', { 'accept-encoding': 'gzip' }],
    ['/fragments/prompts?q=code', {}],
    ['/privacy-policy', {}],
    ['/prompts', { 'accept-encoding': 'gzip' }, 'HEAD'],
  ];

  it('answers every stored page as Astro does: status, every header, the very bytes', async () => {
    for (const [path, headers, method] of requests) {
      await get(path, headers, method); // stored (through Astro) if it was not yet
      const fast = await get(path, headers, method);
      const slow = await get(path, throughAstro(headers), method);
      expect(fast.fast, `${method ?? 'GET'} ${path} ${JSON.stringify(headers)}`).toBe(true);
      expect(slow.fast).toBe(false);
      expect(fast.status).toBe(200);
      expect(comparable(fast), `${method ?? 'GET'} ${path} ${JSON.stringify(headers)}`).toEqual(comparable(slow));
      expect(fast.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    }
    // Conditional requests: the same 304, with the same (body-less) headers.
    for (const encoding of ['gzip', 'identity']) {
      const { headers } = await get('/prompts/2', { 'accept-encoding': encoding });
      const current = { 'accept-encoding': encoding, 'if-none-match': String(headers.etag) };
      const fast = await get('/prompts/2', current);
      const slow = await get('/prompts/2', throughAstro(current));
      expect(fast.fast).toBe(true);
      expect(fast.status).toBe(304);
      expect(comparable(fast)).toEqual(comparable(slow));
    }
  });

  it('leaves to Astro what it would not answer from the store', async () => {
    // A language choice that sets the cookie, a path Astro normalises, junk in the query (not
    // stored), a NUL in the query (400), a host not served (421), a page that is not stored.
    const cases: [string, Record<string, string>, number][] = [
      ['/prompts/2?lng=zh-HK', {}, 200],
      ['/prompts/', {}, 200],
      ['//prompts', {}, 200],
      ['/prompts?x=1', {}, 200],
      ['/prompts?q=%00', {}, 400],
      ['/prompts', { host: 'evil.example' }, 421],
      ['/dashboard', {}, 302],
    ];
    for (const [path, headers, status] of cases) {
      await get(path, headers);
      const again = await get(path, headers);
      expect(again.fast, path).toBe(false);
      expect(again.status, path).toBe(status);
    }
    const chosen = await get('/prompts/2?lng=zh-HK');
    expect(String(chosen.headers['set-cookie'])).toContain('i18next=zh-HK');
    expect(chosen.headers['cache-control']).toBe('private, no-cache');
  });

  it('a request carrying the written cookie goes through Astro and sees its own write', async () => {
    const prompts = (await (await fetch(`${server.url}/api/prompts`)).json()) as { id: number }[];
    const id = prompts.at(-1)!.id;
    const before = await get(`/prompts/${id}`);
    expect((await get(`/prompts/${id}`)).fast).toBe(true);
    const use = await fetch(`${server.url}/api/prompts/${id}/use`, { method: 'PUT', headers: { origin: server.url } });
    expect(use.status).toBe(200);
    const { usageCount } = (await use.json()) as { usageCount: number };
    const written = use.headers
      .getSetCookie()
      .find((c) => c.startsWith(`${WRITTEN_COOKIE}=`))!
      .split(';')[0];
    const after = await get(`/prompts/${id}`, { cookie: written, 'if-none-match': String(before.headers.etag) });
    expect(after.fast).toBe(false);
    expect(after.status).toBe(200);
    expect(after.headers.etag).not.toBe(before.headers.etag);
    expect(after.body.toString()).toContain(`>${usageCount}</dd>`);
    // The new rendering is stored: the next visitor gets it from the fast path.
    const next = await get(`/prompts/${id}`);
    expect(next.fast).toBe(true);
    expect(next.headers.etag).toBe(after.headers.etag);
    // A page that reads nothing the write fed is the fast path's even for the writer.
    await get('/extension');
    expect((await get('/extension', { cookie: written })).fast).toBe(true);
  });

  it("a signed-in user's request gets the stored page, the same bytes as a visitor's", async () => {
    const email = `fast-${Date.now()}@example.com`;
    const headers = { 'content-type': 'application/json', origin: server.url };
    expect((await fetch(`${server.url}/api/auth/register`, { method: 'POST', headers, body: JSON.stringify({ name: 'Fast Reader', email }) })).status).toBe(
      200,
    );
    let link: string | null = null;
    for (let i = 0; i < 100 && !link; i++) {
      link = lastMail(dataDir, email)?.link ?? null;
      if (!link) await new Promise((r) => setTimeout(r, 100));
    }
    const token = new URL(link!).searchParams.get('token')!;
    const set = await fetch(`${server.url}/api/auth/set-password`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ email, token, password: 'correct horse battery' }),
    });
    expect(set.status).toBe(200);
    const session = set.headers
      .getSetCookie()
      .find((c) => c.startsWith('promptory_session='))!
      .split(';')[0];

    const visitor = await get('/prompts/2', { 'accept-encoding': 'gzip' });
    const user = await get('/prompts/2', { 'accept-encoding': 'gzip', cookie: session });
    const userThroughAstro = await get('/prompts/2', throughAstro({ 'accept-encoding': 'gzip', cookie: session }));
    expect(user.fast).toBe(true);
    expect(comparable(user)).toEqual(comparable(visitor));
    expect(comparable(user)).toEqual(comparable(userThroughAstro));
    // The page is shared; the user's own things come from the API, which checks the session.
    const me = await fetch(`${server.url}/api/auth/me`, { headers: { cookie: session } });
    expect(JSON.stringify(await me.json())).toContain('Fast Reader');
  });
});
