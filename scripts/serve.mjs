// Serves a production build: `node scripts/serve.mjs` (ASTRO_OUT_DIR picks the build, default
// dist; HOST and PORT as for Astro). The project owns the HTTP server (the adapter runs in
// its middleware mode, answering only what Astro renders) so that static files (/_astro/*,
// public/) come from memory with the same protective headers as rendered pages (rendered
// answers set their own headers, which win), and so that stored public pages are answered
// without entering Astro (serveApp).
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

const BASELINE_NAMES = Object.keys(STATIC_HEADERS);

/** Hashed build assets never change under their name; other public files may, at the next build. */
const ASSETS = '/_astro/';
const IMMUTABLE = 'public, max-age=31536000, immutable';
const REVALIDATE = 'public, max-age=0';

/** Types of the files a build holds that are not compressed (see COMPRESSIBLE_TYPES for the rest). */
const OTHER_TYPES = {
  '.ico': 'image/x-icon',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.webp': 'image/webp',
  '.woff2': 'font/woff2',
  '.zip': 'application/zip',
  '.html': 'text/html; charset=utf-8',
};

function* filesUnder(dir, prefix = '/') {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.isDirectory()) yield* filesUnder(join(dir, entry.name), `${prefix}${entry.name}/`);
    else if (entry.isFile() && !/\.(br|gz)$/.test(entry.name)) yield [`${prefix}${entry.name}`, join(dir, entry.name)];
  }
}

/**
 * Every file of the build's client folder (the islands' scripts, styles, public/), by URL path,
 * with its precompressed copies (scripts/precompress.mjs), read once at start: a build's files
 * never change, and the whole set is small (under 2 MB). Answering them here, from memory,
 * means the adapter never looks on disk for a file of a page's or an API call's name (a
 * failed `stat` on every request: 3% of a search page's CPU and 6-11% of a write's).
 */
export function staticFiles(clientDir) {
  const files = new Map();
  if (!existsSync(clientDir)) return files;
  for (const [urlPath, path] of filesUnder(clientDir)) {
    const extension = extname(path);
    const type = COMPRESSIBLE_TYPES[extension] ?? OTHER_TYPES[extension] ?? 'application/octet-stream';
    const { mtime, size } = statSync(path);
    files.set(urlPath, {
      type,
      plain: readFileSync(path),
      br: existsSync(`${path}.br`) ? readFileSync(`${path}.br`) : null,
      gzip: existsSync(`${path}.gz`) ? readFileSync(`${path}.gz`) : null,
      cacheControl: urlPath.startsWith(ASSETS) ? IMMUTABLE : REVALIDATE,
      lastModified: mtime.toUTCString(),
      tag: `${size.toString(16)}-${mtime.getTime().toString(16)}`,
    });
  }
  return files;
}

/** The best encoding we hold that the client takes (`q=0` refuses one), or null (the plain file). */
export function chooseEncoding(acceptEncoding, file) {
  const accepted = new Map();
  for (const part of (acceptEncoding ?? '').split(',')) {
    const [coding, ...params] = part.split(';').map((p) => p.trim().toLowerCase());
    if (!coding) continue;
    const q = params.find((p) => p.startsWith('q='));
    accepted.set(coding, q ? Number(q.slice(2)) || 0 : 1);
  }
  const takes = (coding) => (accepted.get(coding) ?? accepted.get('*') ?? 0) > 0;
  if (file.br && takes('br')) return 'br';
  if (file.gzip && takes('gzip')) return 'gzip';
  return null;
}

/** The URL path a request names, decoded; null when it cannot be decoded. */
function requestPath(req) {
  const raw = (req.url ?? '/').split(/[?#]/, 1)[0];
  try {
    return decodeURIComponent(raw);
  } catch {
    return null;
  }
}

/** Answers a request for a file of the build; false leaves it to the app. */
function serveStatic(req, res, files, path) {
  if (req.method !== 'GET' && req.method !== 'HEAD') return false;
  const file = files.get(path);
  if (!file) return false;
  protect(res);
  const encoding = chooseEncoding(req.headers['accept-encoding'], file);
  const body = encoding === 'br' ? file.br : encoding === 'gzip' ? file.gzip : file.plain;
  // Each encoding is its own representation, with its own validator.
  const etag = `W/"${file.tag}-${encoding ?? 'identity'}"`;
  if (file.br || file.gzip) res.setHeader('vary', 'Accept-Encoding');
  res.setHeader('cache-control', file.cacheControl);
  res.setHeader('last-modified', file.lastModified);
  res.setHeader('etag', etag);
  // Weak comparison, as If-None-Match asks and as src/server/conditional-get.ts does (this
  // file runs on plain Node before any build, so it cannot import that TypeScript).
  const weakless = (tag) => tag.trim().replace(/^W\//, '');
  const ifNoneMatch = req.headers['if-none-match'];
  const ifModifiedSince = Date.parse(req.headers['if-modified-since'] ?? '');
  const fresh = ifNoneMatch
    ? ifNoneMatch.split(',').some((tag) => tag.trim() === '*' || weakless(tag) === weakless(etag))
    : ifModifiedSince >= Date.parse(file.lastModified);
  if (fresh) {
    res.statusCode = 304;
    res.end();
    return true;
  }
  res.setHeader('content-type', file.type);
  if (encoding) res.setHeader('content-encoding', encoding);
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
  protect(res);
  res.statusCode = 405;
  res.setHeader('allow', [...KNOWN_METHODS].join(', '));
  res.setHeader('content-type', 'application/json');
  res.end(JSON.stringify({ error: 'Method not allowed.' }));
  return true;
}

/**
 * Where the booted app registers its stored-page fast path (src/server/page-cache/fast-pages.ts: why it
 * is handed over this way, and what it answers). Looked up per request: the app boots on the
 * first request, inside the adapter's handler.
 */
const FAST_PAGES_KEY = Symbol.for('promptory.fastPages');

/**
 * The baseline headers, on every answer but a stored page's (which writes its whole header
 * list at once, its own protection included: src/server/page-cache/fast-pages.ts); rendered answers set
 * their own, which win.
 */
function protect(res) {
  for (const [name, value] of Object.entries(STATIC_HEADERS)) res.setHeader(name, value);
}

/** A stored public page from the app's page cache, without Astro; else the adapter. */
function serveApp(req, res, handler) {
  const rendered = () => {
    protect(res);
    handler(req, res);
  };
  const answered = globalThis[FAST_PAGES_KEY]?.(req, res, BASELINE_NAMES) ?? false;
  if (answered === false) rendered();
  else
    answered.then(
      (done) => done || rendered(),
      (error) => (res.headersSent ? res.destroy(error) : rendered()),
    );
}

export async function serve(outDir = process.env.ASTRO_OUT_DIR ?? 'dist') {
  // React is an external package of the server build, and picks its development build (prop
  // checks, owner stacks: about 1.5x the render time) unless NODE_ENV says production when it
  // is first loaded. Set before the build's entry imports it; an explicit NODE_ENV still wins.
  process.env.NODE_ENV ??= 'production';
  const { handler } = await import(pathToFileURL(resolve(outDir, 'server', 'entry.mjs')).href);
  const host = process.env.HOST ?? 'localhost';
  const port = Number(process.env.PORT ?? 4321);
  const files = staticFiles(resolve(outDir, 'client'));
  const server = http.createServer((req, res) => {
    if (refuseUnknownMethod(req, res)) return;
    const path = requestPath(req);
    if (path === null) {
      protect(res);
      res.statusCode = 400;
      res.setHeader('content-type', 'text/plain; charset=utf-8');
      res.end('Bad request.');
    } else if (!serveStatic(req, res, files, path)) serveApp(req, res, handler);
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
