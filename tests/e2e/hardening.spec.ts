import { expect, test } from '@playwright/test';
import http from 'node:http';

/** Findings of the outside review, reproduced over raw HTTP against the built server. */

interface RawAnswer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

/** One request with full control of Host and body framing; `write` streams a body and may never end it. */
function raw(
  baseURL: string,
  options: { method?: string; path: string; headers?: Record<string, string>; write?: (req: http.ClientRequest) => void },
): Promise<RawAnswer> {
  const url = new URL(options.path, baseURL);
  return new Promise((resolve, reject) => {
    const req = http.request(
      { host: url.hostname, port: url.port, path: url.pathname + url.search, method: options.method ?? 'GET', headers: options.headers },
      (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (d) => (body += d));
        res.on('end', () => {
          resolve({ status: res.statusCode!, headers: res.headers, body });
          req.destroy();
        });
      },
    );
    // The server may cut the connection once it has answered; that is the point.
    req.on('error', (error) =>
      (error as NodeJS.ErrnoException).code === 'EPIPE' || (error as NodeJS.ErrnoException).code === 'ECONNRESET' ? undefined : reject(error),
    );
    if (options.write) options.write(req);
    else req.end();
  });
}

test('a request for a host we do not serve never renders, so it cannot poison the page cache; share URLs use PUBLIC_URL', async ({ request, baseURL }) => {
  const list = await (await request.get('/api/prompts')).json();
  const id = list[2].id;
  const forged = await raw(baseURL!, { path: `/prompts/${id}`, headers: { host: 'evil.example' } });
  expect(forged.status).toBe(421);
  expect(JSON.parse(forged.body)).toMatchObject({ error: 'This server does not serve that host.', code: 'request.unknownHost' });
  expect(forged.body).not.toContain('evil.example');

  const page = await request.get(`/prompts/${id}`);
  expect(page.status()).toBe(200);
  const share = /data-share-url="([^"]+)"/.exec(await page.text())![1];
  expect(share).toBe(`${baseURL}/prompts/${id}`);
});

test('oversized bodies answer 413 JSON without being read: by Content-Length, and mid-stream when chunked', async ({ baseURL }) => {
  const declared = await raw(baseURL!, {
    method: 'POST',
    path: '/api/auth/login',
    headers: { 'content-type': 'application/json', 'content-length': String(400 * 1024 * 1024) },
    // Headers only: the server must answer without waiting for 400 MB that never come.
    write: (req) => req.flushHeaders(),
  });
  expect(declared.status).toBe(413);
  expect(JSON.parse(declared.body)).toMatchObject({ error: 'The request body is too large.', code: 'request.bodyTooLarge' });

  const chunked = await raw(baseURL!, {
    method: 'POST',
    path: '/api/auth/register',
    headers: { 'content-type': 'application/json', 'transfer-encoding': 'chunked' },
    // 1 MB in 16 KB chunks, and the body never ends: only a reader that stops at the cap answers.
    write: (req) => {
      const chunk = Buffer.alloc(16 * 1024, 0x20);
      for (let i = 0; i < 64; i++) req.write(chunk);
    },
  });
  expect(chunked.status).toBe(413);
  expect(JSON.parse(chunked.body)).toMatchObject({ error: 'The request body is too large.', code: 'request.bodyTooLarge' });
});

test('no internal header leaks, even on a missing prompt', async ({ request }) => {
  for (const path of ['/prompts/999999', '/prompts', '/prompts?x=1']) {
    const response = await request.get(path);
    expect(
      Object.keys(response.headers()).filter((h) => h.startsWith('x-promptory')),
      path,
    ).toEqual([]);
  }
});

test('built assets and public files carry nosniff, a CSP and framing protection', async ({ request }) => {
  const home = await (await request.get('/')).text();
  const asset = /(?:src|href)="(\/_astro\/[^"]+)"/.exec(home)![1];
  for (const path of [asset, '/favicon.svg', '/favicon.ico']) {
    const response = await request.get(path);
    expect(response.status(), path).toBe(200);
    const headers = response.headers();
    expect(headers['x-content-type-options'], path).toBe('nosniff');
    expect(headers['content-security-policy'], path).toContain("frame-ancestors 'none'");
    expect(headers['x-frame-options'], path).toBe('DENY');
  }
});

test('a response that sets a cookie is never public', async ({ browser, baseURL }) => {
  const context = await browser.newContext({ baseURL });
  const plain = await context.request.get('/prompts');
  expect(plain.headers()['cache-control']).toContain('public');
  // `?lng=` remembers the language in a cookie: that answer is this visitor's alone.
  const remembering = await context.request.get('/community?lng=zh-HK');
  expect(remembering.headers()['set-cookie']).toContain('i18next=zh-HK');
  expect(remembering.headers()['cache-control']).not.toContain('public');
  await context.close();
});
