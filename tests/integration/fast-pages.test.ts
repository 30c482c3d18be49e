import { mkdtempSync, rmSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, testPort, type RunningServer } from '../support/server';
import { WRITTEN_COOKIE } from '../../src/server/freshness';
import { lastMail } from '../support/test-app';
import { testDatabaseUrl } from '../support/backends';
import { recordUse, reviewPrompt, submitPrompt } from '../../modules/prompts';
import { SYSTEM_ACTOR } from '../../events';
import { createApp, type App } from '../../src/server/app';
import { readConfig } from '../../src/server/config';

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

/**
 * Pages assembled from cached pieces (src/components/Cached.ts) against pages rendered whole:
 * two built servers on one PostgreSQL schema, page cache off on both, one assembling pages from
 * its fragment cache, the other with it off (FRAGMENT_CACHE=0: every piece through Astro's
 * component path). Every page must be the same bytes, whether its pieces were just rendered or
 * taken from the cache, with hostile text in every place a card and the prompt page show it.
 */
const databaseUrl = testDatabaseUrl;
describe.skipIf(!databaseUrl)('pages assembled from cached pieces', () => {
  const schema = `t_fragments_${process.pid}_${Date.now().toString(36)}`;
  const hostile = {
    title: `</script><script>alert(1)</script> "quoted" 'single' {{ name }} <!-- c --> & Ünïcødé 🚀 中文`,
    description: `Ends a script </script>, a comment <!--, a template {{x}}, JSON "}]" and \u2028 \u2029 & &amp;`,
    authorName: `"</astro-island><b>x</b>" {{author}} <!-- 作者 -->`,
  };
  let app: App;
  // The app's own data folder (its outbox): never the default one another file may be using.
  let appDir = '';
  let cached: RunningServer;
  let whole: RunningServer;
  const ids: number[] = [];
  const meta = () => ({ actor: null, requestId: 'test', at: new Date().toISOString() });

  beforeAll(async () => {
    appDir = mkdtempSync(join(tmpdir(), 'promptory-hostile-'));
    app = await createApp({ ...readConfig({}), dataDir: appDir, databaseUrl, databaseSchema: schema, seed: true }, { boss: false, log: () => {} });
    for (const [i, content] of ['Plain content.', 'Write to {{name}} about {{topic}}.'].entries()) {
      const { result } = await submitPrompt(
        app.store,
        { ...hostile, title: `${hostile.title} ${i}`, content, categoryId: 1, isFeatured: i === 0, isEditorsPick: false },
        SYSTEM_ACTOR,
        meta(),
      );
      await reviewPrompt(app.store, result.id, true, SYSTEM_ACTOR, meta());
      ids.push(result.id);
    }
    await app.runner.catchUpAll();
    // One public address for both (the prompt page's share link is made from it), each answering its own port.
    const env = (port: number) => ({
      DATABASE_URL: databaseUrl!,
      DATABASE_SCHEMA: schema,
      PAGE_CACHE: '0',
      PUBLIC_URL: 'https://promptory.example',
      ALLOWED_HOSTS: `127.0.0.1:${port}`,
    });
    cached = await startServer({ ...env(testPort(9)), DATA_DIR: mkdtempSync(join(tmpdir(), 'promptory-pieces-')) }, testPort(9));
    whole = await startServer({ ...env(testPort(10)), DATA_DIR: mkdtempSync(join(tmpdir(), 'promptory-whole-')), FRAGMENT_CACHE: '0' }, testPort(10));
  });
  afterAll(async () => {
    await cached?.stop();
    await whole?.stop();
    await app?.close();
    const { default: postgres } = await import('postgres');
    const sql = postgres(databaseUrl!, { max: 1, onnotice: () => {} });
    await sql.unsafe(`drop schema if exists "${schema}" cascade`);
    await sql.unsafe(`drop schema if exists "pgboss_${schema}" cascade`);
    await sql.end();
    if (appDir) rmSync(appDir, { recursive: true, force: true });
  });

  const page = async (server: RunningServer, path: string, lng: string) => {
    const response = await fetch(`${server.url}${path}`, { headers: { cookie: `i18next=${lng}` } });
    return { status: response.status, body: await response.text() };
  };
  const paths = () => [
    '/',
    '/prompts',
    `/prompts?q=${encodeURIComponent('</script>')}`,
    `/prompts?q=${encodeURIComponent('{{ name }}')}`,
    '/prompts?tab=featured',
    `/prompts/${ids[0]}`,
    `/prompts/${ids[1]}?order=oldest`,
    '/community',
    `/fragments/prompts?q=${encodeURIComponent('"quoted"')}`,
    '/privacy-policy',
  ];

  // Some 60 pages rendered twice on a shared machine: more than the default minute.
  it('are the bytes of the pages rendered whole, cold and warm, in both languages', { timeout: 240_000 }, async () => {
    for (const lng of ['en', 'zh-HK'])
      for (const path of paths()) {
        const reference = await page(whole, path, lng);
        expect(reference.status, path).toBe(200);
        // The first request renders the pieces it lacks, the second takes them all from the cache.
        for (const round of ['cold', 'warm']) {
          const assembled = await page(cached, path, lng);
          expect(assembled.status).toBe(200);
          expect(firstDifference(assembled.body, reference.body), `${round} ${lng} ${path}`).toBeNull();
        }
      }
    // The hostile cards are on the page, escaped (the search finds them).
    const list = (await page(cached, `/prompts?q=${encodeURIComponent('Ünïcødé')}`, 'en')).body;
    expect(list.includes('&lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt;')).toBe(true);
    expect(list.includes('<script>alert(1)')).toBe(false);
  });

  it('keeps island ids unique on a page of many cards', async () => {
    const { body } = await page(cached, '/prompts', 'en');
    const islands = [...body.matchAll(/<astro-island uid="([^"]+)" prefix="([^"]+)"/g)];
    expect(islands.length).toBeGreaterThan(30);
    expect(new Set(islands.map((m) => m[1])).size).toBe(islands.length);
    expect(islands.map((m) => m[2])).toEqual(islands.map((_, i) => `r${i}`));
  });

  it('never shows a card older than the row the page read', async () => {
    const path = `/prompts?q=${encodeURIComponent('Ünïcødé')}`;
    const before = await page(cached, path, 'en');
    for (let i = 0; i < 3; i++) await recordUse(app.store, ids[0], SYSTEM_ACTOR, meta(), `10.0.0.${i}`);
    await app.runner.catchUpAll();
    const after = await page(cached, path, 'en');
    expect(after.body).not.toBe(before.body);
    expect(firstDifference(after.body, (await page(whole, path, 'en')).body)).toBeNull();
  });
});

/** Where two pages part (a few hundred characters of each from there), or null when they are the same. */
function firstDifference(a: string, b: string): { at: number; got: string; expected: string } | null {
  if (a === b) return null;
  let at = 0;
  while (at < a.length && a[at] === b[at]) at++;
  const from = Math.max(0, at - 150);
  return { at, got: a.slice(from, at + 250), expected: b.slice(from, at + 250) };
}
