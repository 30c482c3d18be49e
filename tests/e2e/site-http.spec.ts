import { expect, test } from './fixtures';

/** Public pages and GET endpoints send ETag and Cache-Control and answer 304. */

const paths = [
  '/',
  '/prompts',
  '/prompts?tab=featured&q=code',
  '/prompts/1',
  '/community',
  '/community?tab=trending',
  '/extension',
  '/privacy-policy',
  '/fragments/prompts?q=code',
  '/fragments/community',
  '/api/categories',
  '/api/prompts',
  '/api/prompts/1',
];

test('ETag, Cache-Control and 304 on If-None-Match', async ({ request }) => {
  for (const path of paths) {
    const first = await request.get(path);
    expect(first.status(), path).toBe(200);
    const etag = first.headers()['etag'];
    expect(etag, path).toMatch(/^"[^"]+"$/);
    expect(first.headers()['cache-control'], path).toMatch(/max-age=\d+/);
    expect(first.headers()['cache-control'], path).toMatch(/public/);
    expect(first.headers()['vary'] ?? '', path).toMatch(/Accept-Language/i);
    const again = await request.get(path, { headers: { 'if-none-match': etag } });
    expect(again.status(), path).toBe(304);
    expect((await again.body()).length, path).toBe(0);
    const other = await request.get(path, { headers: { 'if-none-match': '"something-else"' } });
    expect(other.status(), path).toBe(200);
  }
});

test('a page in another language has another ETag', async ({ request }) => {
  const en = await request.get('/prompts', { headers: { cookie: 'i18next=en' } });
  const zh = await request.get('/prompts', { headers: { cookie: 'i18next=zh-HK' } });
  expect(en.headers()['etag']).not.toBe(zh.headers()['etag']);
  expect(await zh.text()).toContain('lang="zh-HK"');
});

test('a use changes the detail page (new ETag) right away', async ({ request, baseURL }) => {
  // The least used prompt: no other test has copied it, so this visitor's use counts.
  const id = ((await (await request.get('/api/prompts')).json()) as { id: number }[]).at(-1)!.id;
  const before = await request.get(`/prompts/${id}`);
  const etag = before.headers()['etag'];
  const use = await request.put(`/api/prompts/${id}/use`, { headers: { origin: baseURL! } });
  expect(use.status()).toBe(200);
  const after = await request.get(`/prompts/${id}`, { headers: { 'if-none-match': etag } });
  expect(after.status()).toBe(200);
  expect(after.headers()['etag']).not.toBe(etag);
});

test('another visitor sees a use within a moment, without having written anything', async ({ request, playwright, baseURL }) => {
  const id = ((await (await request.get('/api/prompts')).json()) as { id: number }[]).at(-2)!.id;
  const reader = await playwright.request.newContext({ baseURL });
  const before = (await reader.get(`/prompts/${id}`)).headers()['etag'];
  const use = await request.put(`/api/prompts/${id}/use`, { headers: { origin: baseURL!, 'x-forwarded-for': '203.0.113.77' } });
  expect(use.status()).toBe(200);
  // The reader holds no cookie of the write: the shared page moves once the cached version is re-read.
  await expect.poll(async () => (await reader.get(`/prompts/${id}`)).headers()['etag'], { timeout: 3_000 }).not.toBe(before);
  await reader.dispose();
});

test('pages go out gzipped to clients that take it, each encoding with its own ETag', async ({ request }) => {
  const plain = await request.get('/prompts', { headers: { 'accept-encoding': 'identity' } });
  const zipped = await request.get('/prompts', { headers: { 'accept-encoding': 'gzip' } });
  expect(plain.headers()['content-encoding']).toBeUndefined();
  expect(zipped.headers()['content-encoding']).toBe('gzip');
  expect(Number(zipped.headers()['content-length'])).toBeLessThan(Number(plain.headers()['content-length']) / 3);
  expect(await zipped.text()).toBe(await plain.text()); // Playwright decodes the gzip
  expect(zipped.headers()['etag']).not.toBe(plain.headers()['etag']);
  expect(zipped.headers()['vary']).toMatch(/Accept-Encoding/i);
  const refused = await request.get('/prompts', { headers: { 'accept-encoding': 'gzip;q=0' } });
  expect(refused.headers()['content-encoding']).toBeUndefined();
  const again = await request.get('/prompts', { headers: { 'accept-encoding': 'gzip', 'if-none-match': zipped.headers()['etag'] } });
  expect(again.status()).toBe(304);
});

test('error pages are not cached', async ({ request }) => {
  const missing = await request.get('/prompts/987654');
  expect(missing.status()).toBe(404);
  expect(missing.headers()['etag']).toBeUndefined();
  const unknown = await request.get('/definitely/not/here');
  expect(unknown.status()).toBe(404);
});

test('the icon sprite is immutable', async ({ request }) => {
  const page = await (await request.get('/')).text();
  const sprite = /href="(\/icons\.svg\?v=[^"#]+)#/.exec(page)![1];
  const response = await request.get(sprite);
  expect(response.headers()['content-type']).toContain('image/svg+xml');
  expect(response.headers()['cache-control']).toContain('immutable');
});
