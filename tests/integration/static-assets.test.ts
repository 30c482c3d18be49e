import { readFileSync } from 'node:fs';
import { request } from 'node:http';
import { connect } from 'node:net';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { beforeAll, describe, expect, it } from 'vitest';
import { builtOutDir } from '../support/server';
import { builtServerPerSuite } from '../support/http-suite';

/**
 * The islands' JavaScript and the styles go out as the brotli or gzip copy the build made
 * (scripts/precompress.mjs, served by scripts/serve.mjs), byte for byte the same file once
 * decoded, with the same type and caching as the plain file the adapter sends.
 */
describe('static assets', () => {
  const server = builtServerPerSuite('static', 6);
  let script: string;
  beforeAll(async () => {
    const html = await (await fetch(`${server.url()}/prompts`)).text();
    // The largest island script the page loads: the React runtime's client.
    const scripts = [...html.matchAll(/"(\/_astro\/[^"]+\.js)"/g)].map((m) => m[1]);
    script = scripts.sort((a, b) => size(b) - size(a))[0];
  });
  const size = (path: string) => readFileSync(join(builtOutDir, 'client', path)).length;
  /** The bytes as they travel (fetch would decode them), with status and headers. */
  const get = (path: string, headers: Record<string, string> = {}) =>
    new Promise<{ status: number; headers: Headers; body: Buffer }>((resolve, reject) => {
      request(`${server.url()}${path}`, { headers }, (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (c: Buffer) => chunks.push(c));
        response.on('end', () => {
          const all = new Headers();
          for (const [name, value] of Object.entries(response.headers)) if (typeof value === 'string') all.set(name, value);
          resolve({ status: response.statusCode!, headers: all, body: Buffer.concat(chunks) });
        });
      })
        .on('error', reject)
        .end();
    });

  it('sends brotli to a browser, and it decodes to the very file', async () => {
    const plain = await get(script, { 'accept-encoding': 'identity' });
    const original = plain.body;
    expect(original.length).toBe(size(script));
    const br = await get(script, { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.headers.get('content-encoding')).toBe('br');
    const body = br.body;
    expect(body.length).toBeLessThan(original.length / 3);
    expect(Number(br.headers.get('content-length'))).toBe(body.length);
    expect(brotliDecompressSync(body).equals(original)).toBe(true);
    expect(br.headers.get('content-type')).toBe(plain.headers.get('content-type'));
    expect(br.headers.get('cache-control')).toBe(plain.headers.get('cache-control'));
    expect(br.headers.get('vary')).toMatch(/accept-encoding/i);
    expect(br.headers.get('x-content-type-options')).toBe('nosniff');
  });

  it('sends gzip to a client that takes gzip but not brotli, and the plain file to one that takes neither', async () => {
    const original = (await get(script, { 'accept-encoding': 'identity' })).body;
    const gz = await get(script, { 'accept-encoding': 'gzip, br;q=0' });
    expect(gz.headers.get('content-encoding')).toBe('gzip');
    expect(gunzipSync(gz.body).equals(original)).toBe(true);
    const none = await get(script, { 'accept-encoding': 'gzip;q=0' });
    expect(none.headers.get('content-encoding')).toBeNull();
    expect(none.body.equals(original)).toBe(true);
  });

  it('answers a repeat with 304, each encoding by its own ETag', async () => {
    const br = await get(script, { 'accept-encoding': 'br' });
    const gz = await get(script, { 'accept-encoding': 'gzip' });
    expect(br.headers.get('etag')).not.toBe(gz.headers.get('etag'));
    expect((await get(script, { 'accept-encoding': 'br', 'if-none-match': br.headers.get('etag')! })).status).toBe(304);
    expect((await get(script, { 'accept-encoding': 'br', 'if-none-match': gz.headers.get('etag')! })).status).toBe(200);
  });

  it('answers public files with their type and validators, and a malformed path with 400, not the app', async () => {
    const icon = await get('/favicon.ico');
    expect(icon.status).toBe(200);
    expect(icon.headers.get('content-type')).toBe('image/x-icon');
    expect(icon.body.equals(readFileSync(join(builtOutDir, 'client', 'favicon.ico')))).toBe(true);
    expect(icon.headers.get('cache-control')).toBe('public, max-age=0');
    const lastModified = icon.headers.get('last-modified')!;
    expect((await get('/favicon.ico', { 'if-modified-since': lastModified })).status).toBe(304);
    expect((await get('/favicon.ico', { 'if-none-match': icon.headers.get('etag')! })).status).toBe(304);
    expect((await get('/prompts%E0%A4%A')).status).toBe(400);
  });

  it('serves nothing outside the build folder, encoded or not', async () => {
    for (const path of ['/_astro/../server/entry.mjs', '/_astro/%2e%2e/server/entry.mjs', '/_astro/..%2fserver%2fentry.mjs']) {
      const response = await get(path, { 'accept-encoding': 'br' });
      expect(response.status, path).toBe(404);
    }
  });
});

describe('keep-alive', () => {
  const server = builtServerPerSuite('keepalive', 7);

  it('keeps an idle connection open past Node’s default (5 s, plus its 1 s buffer), so a client reusing it is not reset', async () => {
    const { host, port } = new URL(server.url());
    const socket = connect(Number(port), '127.0.0.1');
    await new Promise<void>((resolve, reject) => socket.once('connect', resolve).once('error', reject));
    let received = '';
    socket.on('data', (chunk) => (received += chunk));
    const ask = async () => {
      received = '';
      socket.write(`GET /api/categories HTTP/1.1\r\nHost: ${host}\r\nConnection: keep-alive\r\n\r\n`);
      for (let i = 0; i < 100 && !/\r\n\r\n[\s\S]*\]/.test(received); i++) await new Promise((r) => setTimeout(r, 20));
      return received.split('\r\n')[0];
    };
    expect(await ask()).toBe('HTTP/1.1 200 OK');
    await new Promise((r) => setTimeout(r, 7_000));
    expect(socket.destroyed || socket.readyState !== 'open', 'the server closed the idle connection').toBe(false);
    expect(await ask()).toBe('HTTP/1.1 200 OK');
    socket.destroy();
  });
});
