import type { APIContext } from 'astro';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cachedPages } from '../../src/server/middleware/cached-pages';
import { pageCache } from '../../src/server/middleware/page-cache';
import { VERSION_TTL_MS, WRITTEN_COOKIE } from '../../src/server/freshness';
import { markCacheable } from '../../src/server/page-cache';
import { routes } from '../../src/shared/api-routes';
import { backends, freshApp, settleAll } from '../support/backends';
import { Browser, installApp, signUpAs } from '../support/test-app';

type TestApp = Awaited<ReturnType<typeof freshApp>>;

/**
 * Drives a GET through the page cache's two middlewares (before and after the session) with a
 * page that declares itself cacheable and says which app rendered it, and how often.
 */
async function get(
  app: TestApp,
  page: { renders: number; name: string },
  headers: Record<string, string> = {},
  at: { path?: string; cookies?: Map<string, string> } = {},
): Promise<Response> {
  const url = new URL(`http://localhost:4321${at.path ?? '/privacy-policy'}`);
  const context = {
    request: new Request(url, { headers }),
    url,
    cookies: { get: (name: string) => (at.cookies?.has(name) ? { value: at.cookies.get(name) } : undefined), set: () => {} },
    locals: { requestId: 'test', user: null, lng: 'en', app },
  } as unknown as APIContext;
  const render = async () => {
    page.renders += 1;
    const response = new Response(`<p>${page.name} ${page.renders}</p>`, { headers: { 'content-type': 'text/html' } });
    markCacheable({ response });
    return response;
  };
  return (await cachedPages(context, () => pageCache(context, render) as Promise<Response>)) as Response;
}

for (const backend of backends) {
  describe(`page cache per app (${backend.name})`, () => {
    let one: TestApp;
    let other: TestApp;
    let off: TestApp;
    beforeAll(async () => {
      [one, other, off] = await Promise.all([freshApp(backend), freshApp(backend), freshApp(backend, { pageCache: false })]);
    });
    afterAll(async () => {
      await Promise.all([one?.dispose(), other?.dispose(), off?.dispose()]);
    });

    it('two apps in one process keep their own pages', async () => {
      const onePage = { renders: 0, name: 'one' };
      const otherPage = { renders: 0, name: 'other' };
      const first = await get(one, onePage);
      expect(await first.text()).toBe('<p>one 1</p>');
      const again = await get(one, onePage);
      expect(await again.text()).toBe('<p>one 1</p>'); // stored: not rendered again
      expect(onePage.renders).toBe(1);
      // The other app has stored nothing: it renders its own page, never the first app's.
      expect(await (await get(other, otherPage)).text()).toBe('<p>other 1</p>');
      expect(otherPage.renders).toBe(1);
      expect(await (await get(one, onePage)).text()).toBe('<p>one 1</p>');
    });

    it('a stored page answers a current If-None-Match with 304', async () => {
      const page = { renders: 0, name: 'etag' };
      const first = await get(other, page);
      const etag = first.headers.get('etag')!;
      expect(etag).toMatch(/^".+"$/);
      expect(first.headers.get('cache-control')).toBe('public, max-age=0, must-revalidate');
      const revalidated = await get(other, page, { 'if-none-match': etag });
      expect(revalidated.status).toBe(304);
      expect(await revalidated.text()).toBe('');
    });

    it('an app with the cache off (PAGE_CACHE=0) renders every time, beside one with it on', async () => {
      const page = { renders: 0, name: 'off' };
      await get(off, page);
      const second = await get(off, page);
      expect(await second.text()).toBe('<p>off 2</p>');
      expect(second.headers.get('etag')).toBeTruthy(); // validators still go out
    });
  });
}

/**
 * A stored page is keyed on the read models it declares (CACHED_PAGES): a comment moves the
 * discussion, so the detail page renders anew, while the catalog does not move and the home
 * page (catalog only) stays stored.
 */
describe.each(backends)('freshness of stored pages on $name', (backend) => {
  let app: TestApp;
  const commenter = new Browser('10.30.0.1');
  beforeAll(async () => {
    app = await freshApp(backend, { publicUrl: 'http://localhost:4321', seed: true });
    await settleAll(app);
    installApp(app);
    await signUpAs(app, commenter, 'commenter@example.com');
    await settleAll(app);
  });
  afterAll(async () => app?.dispose());

  it('a comment makes the detail page stale and leaves the catalog checkpoint, and the home page, where they were', async () => {
    const detail = { renders: 0, name: 'detail' };
    const home = { renders: 0, name: 'home' };
    const at = { path: '/prompts/2' };
    await get(app, detail, {}, at);
    await get(app, home, {}, { path: '/' });
    expect(await (await get(app, detail, {}, at)).text()).toBe('<p>detail 1</p>');
    const catalog = await app.runner.checkpoint('catalog');
    const discussion = await app.runner.checkpoint('discussion');

    const posted = await commenter.api(routes.postComment, { params: { id: 2 }, body: { body: 'A comment that moves the discussion.' } });
    expect(posted.status).toBe(201);
    expect(await app.runner.checkpoint('catalog')).toEqual(catalog);
    expect(await app.runner.checkpoint('discussion')).not.toEqual(discussion);
    // The cookie names the read models the comment fed (a reply also feeds notifications), never the catalog.
    const written = commenter.jar.get(WRITTEN_COOKIE) ?? '';
    expect(written).toMatch(/^\d+\.\d+(\.[a-z-]+)+$/);
    expect(written.split('.').slice(2)).toContain('discussion');
    expect(written.split('.').slice(2)).not.toContain('catalog');

    // The commenter sees the thread at once; everyone else within VERSION_TTL_MS.
    expect(await (await get(app, detail, {}, { ...at, cookies: commenter.jar })).text()).toBe('<p>detail 2</p>');
    await new Promise((resolve) => setTimeout(resolve, VERSION_TTL_MS + 20));
    expect(await (await get(app, detail, {}, at)).text()).toBe('<p>detail 2</p>');
    expect(await (await get(app, home, {}, { path: '/' })).text()).toBe('<p>home 1</p>');
    expect(home.renders).toBe(1);
  });
});
