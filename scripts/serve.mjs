// Serves a production build: `node scripts/serve.mjs` (ASTRO_OUT_DIR picks the build, default
// dist; HOST and PORT as for Astro). The project owns the HTTP server so that static files
// (/_astro/*, public/), which the adapter serves before our middleware runs, carry the same
// protective headers as rendered pages (rendered answers set their own headers, which win),
// and so that stored public pages are answered without entering Astro (serveApp).
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import http from 'node:http';
import { extname, join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { COMPRESSIBLE_TYPES } from './precompress.mjs';

/** For files, not documents: nothing may run, load or frame them, and types are not sniffed. */
export const STATIC_HEADERS = {
  'x-content-type-options': 'nosniff',
  'content-security-policy': "default-src 'none'; img-src 'self'; style-src 'self'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'",
  'x-frame-options': 'DENY',
  'referrer-policy': 'strict-origin-when-cross-origin',
};

/** Hashed build assets never change under their name. */
const ASSETS = '/_astro/';
const IMMUTABLE = 'public, max-age=31536000, immutable';

/**
 * The build's precompressed assets (scripts/precompress.mjs), by URL path, read once: a build's
 * files never change, and they are small (the whole set is a few hundred KB compressed).
 */
export function precompressedAssets(clientDir) {
  const assets = new Map();
  const dir = join(clientDir, ASSETS);
  if (!existsSync(dir)) return assets;
  for (const name of readdirSync(dir)) {
    const type = COMPRESSIBLE_TYPES[extname(name)];
    const path = join(dir, name);
    if (!type) continue;
    const br = existsSync(`${path}.br`) ? readFileSync(`${path}.br`) : null;
    const gzip = existsSync(`${path}.gz`) ? readFileSync(`${path}.gz`) : null;
    if (!br && !gzip) continue;
    const { mtime, size } = statSync(path);
    assets.set(ASSETS + name, { type, br, gzip, lastModified: mtime.toUTCString(), tag: `${size.toString(16)}-${mtime.getTime().toString(16)}` });
  }
  return assets;
}

/** The best encoding we hold that the client takes (`q=0` refuses one), or null. */
export function chooseEncoding(acceptEncoding, asset) {
  const accepted = new Map();
  for (const part of (acceptEncoding ?? '').split(',')) {
    const [coding, ...params] = part.split(';').map((p) => p.trim().toLowerCase());
    if (!coding) continue;
    const q = params.find((p) => p.startsWith('q='));
    accepted.set(coding, q ? Number(q.slice(2)) || 0 : 1);
  }
  const takes = (coding) => (accepted.get(coding) ?? accepted.get('*') ?? 0) > 0;
  if (asset.br && takes('br')) return 'br';
  if (asset.gzip && takes('gzip')) return 'gzip';
  return null;
}

/** Answers a request for a precompressed asset; false leaves it to the adapter. */
function servePrecompressed(req, res, assets) {
  if (req.method !== 'GET' && req.method !== 'HEAD') return false;
  const path = (req.url ?? '').split('?')[0];
  const asset = assets.get(path);
  if (!asset) return false;
  const encoding = chooseEncoding(req.headers['accept-encoding'], asset);
  if (!encoding) return false;
  const body = encoding === 'br' ? asset.br : asset.gzip;
  // Each encoding is its own representation, with its own validator.
  const etag = `W/"${asset.tag}-${encoding}"`;
  res.setHeader('vary', 'Accept-Encoding');
  res.setHeader('cache-control', IMMUTABLE);
  res.setHeader('last-modified', asset.lastModified);
  res.setHeader('etag', etag);
  // Weak comparison, as If-None-Match asks and as src/server/conditional-get.ts does (this
  // file runs on plain Node before any build, so it cannot import that TypeScript).
  const weakless = (tag) => tag.trim().replace(/^W\//, '');
  if (req.headers['if-none-match']?.split(',').some((tag) => tag.trim() === '*' || weakless(tag) === weakless(etag))) {
    res.statusCode = 304;
    res.end();
    return true;
  }
  res.setHeader('content-type', asset.type);
  res.setHeader('content-encoding', encoding);
  res.setHeader('content-length', body.length);
  res.end(req.method === 'HEAD' ? undefined : body);
  return true;
}

/**
 * The methods the app answers. Any other (TRACE, CONNECT, made-up ones) is refused here: the
 * adapter cannot even build a fetch Request for TRACE and answered 500.
 */
export const KNOWN_METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);

function refuseUnknownMethod(req, res) {
  if (KNOWN_METHODS.has(req.method ?? '')) return false;
  res.statusCode = 405;
  res.setHeader('allow', [...KNOWN_METHODS].join(', '));
  res.setHeader('content-type', 'application/json');
  res.end(JSON.stringify({ error: 'Method not allowed.' }));
  return true;
}

/**
 * Where the booted app registers its stored-page fast path (src/server/fast-pages.ts: why it
 * is handed over this way, and what it answers). Looked up per request: the app boots on the
 * first request, inside the adapter's handler.
 */
const FAST_PAGES_KEY = Symbol.for('promptory.fastPages');

/** A stored public page from the app's page cache, without Astro; else the adapter. */
function serveApp(req, res, handler) {
  const answered = globalThis[FAST_PAGES_KEY]?.(req, res) ?? false;
  if (answered === false) handler(req, res);
  else
    answered.then(
      (done) => done || handler(req, res),
      (error) => (res.headersSent ? res.destroy(error) : handler(req, res)),
    );
}

export async function serve(outDir = process.env.ASTRO_OUT_DIR ?? 'dist') {
  // The adapter's entry starts its own server unless told not to; we start ours instead.
  process.env.ASTRO_NODE_AUTOSTART = 'disabled';
  // React is an external package of the server build, and picks its development build (prop
  // checks, owner stacks: about 1.5x the render time) unless NODE_ENV says production when it
  // is first loaded. Set before the build's entry imports it; an explicit NODE_ENV still wins.
  process.env.NODE_ENV ??= 'production';
  const { handler } = await import(pathToFileURL(resolve(outDir, 'server', 'entry.mjs')).href);
  const host = process.env.HOST ?? 'localhost';
  const port = Number(process.env.PORT ?? 4321);
  const assets = precompressedAssets(resolve(outDir, 'client'));
  const server = http.createServer((req, res) => {
    for (const [name, value] of Object.entries(STATIC_HEADERS)) res.setHeader(name, value);
    if (!refuseUnknownMethod(req, res) && !servePrecompressed(req, res, assets)) serveApp(req, res, handler);
  });
  // Node closes an idle keep-alive socket after 5 s (plus a 1 s buffer); a client that picks that socket for its
  // next request at the same moment gets ECONNRESET (seen in the extension spec under load).
  // Clients and proxies close their own idle sockets well before a minute, so the race is gone.
  server.keepAliveTimeout = 65_000;
  server.headersTimeout = 66_000;
  await new Promise((resolveListen, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolveListen(undefined));
  });
  console.log(`[promptory] listening on http://${host}:${port}`);
  return server;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await serve();
