import type { AstroCookies } from 'astro';
import { createHash } from 'node:crypto';
import { gzipSync } from 'node:zlib';
import { abandonRender, catalogVersion, lookupPage, pageKey, parseCheckpoint, putPage, WRITTEN_COOKIE, type CachedPage } from './page-cache';

/**
 * Validators and caching for server-rendered public pages (the HTML twin of `cachedJson`
 * in src/server/http.ts).
 *
 * A page opts in with `markCacheable(Astro)`; the page-cache middleware passes the finished
 * response through `applyValidators`, which hashes the body into a strong ETag, sets
 * Cache-Control and Vary, and answers a matching If-None-Match with 304 and no body.
 * Pages that depend only on the catalog also call `cachedPage(Astro)` first, which serves
 * anonymous visitors from the in-process page cache (src/server/page-cache.ts).
 */

/** Internal marker header; removed from every response on the way out. */
export const CACHEABLE_MARKER = 'x-promptory-cacheable';

/** Browsers and shared caches keep the page but revalidate every time (cheap with 304). */
export const PUBLIC_CACHE_CONTROL = 'public, max-age=0, must-revalidate';

/** Headers of a rendered page worth keeping with its cached body. */
const KEPT_HEADERS = ['content-type', 'content-security-policy', 'x-robots-tag'];

interface PageContext {
  request: Request;
  url: URL;
  cookies: AstroCookies;
  locals: App.Locals;
  response: { headers: Headers };
}

/** Marks the current page as cacheable: ETag, Cache-Control and Vary are added on the way out. */
export function markCacheable(astro: Pick<PageContext, 'response'>): void {
  astro.response.headers.set(CACHEABLE_MARKER, '1');
}

/**
 * The cached rendering of this URL if the catalog has not changed since, else null, in which
 * case the page renders and is stored on the way out. Cached pages carry nothing personal
 * (personal parts are islands), so one entry serves visitors and signed-in users alike.
 */
export async function cachedPage(astro: PageContext): Promise<Response | null> {
  return lookUp(astro, true);
}

/**
 * The cached rendering of this URL, or null, taking nothing on a miss: the cached-pages
 * middleware asks before the session is resolved, so a hit costs a signed-in user no session
 * lookup either (src/server/middleware/cached-pages.ts). Only pages that opted in
 * (`cachedPage` and `markCacheable`) are ever stored, so a hit is always such a page.
 */
export function cachedPageHit(context: Omit<PageContext, 'response'>): Promise<Response | null> {
  return lookUp(context, false);
}

async function lookUp(astro: Omit<PageContext, 'response'>, claim: boolean): Promise<Response | null> {
  // A client that has just written is served a catalog that holds its write.
  const written = parseCheckpoint(astro.cookies.get(WRITTEN_COOKIE)?.value);
  const version = await catalogVersion(astro.locals.app, written);
  const key = pageKey({ lng: astro.locals.lng, url: astro.url });
  if (!key) return null;
  const hit = lookupPage(key, version, !written, claim);
  if (hit) {
    const { body, headers } = representation(astro.request, hit);
    headers.set(CACHEABLE_MARKER, '1');
    return new Response(body as Uint8Array<ArrayBuffer>, { status: 200, headers });
  }
  // Request-scoped, so it can never leave with a response (an error page, a redirect).
  if (claim) astro.locals.pageCache = { key, version };
  return null;
}

/** Whether the client takes gzip (browsers always do; `q=0` refuses it). */
export function acceptsGzip(request: Request): boolean {
  return (request.headers.get('accept-encoding') ?? '').split(',').some((part) => {
    const [coding, ...params] = part.split(';').map((p) => p.trim().toLowerCase());
    return (coding === 'gzip' || coding === '*') && !params.some((p) => /^q=0(\.0*)?$/.test(p));
  });
}

/**
 * The page as this client takes it: gzipped when it can, else as is. Each encoding is its
 * own representation, so it has its own strong ETag.
 */
function representation(request: Request, page: CachedPage): { body: Uint8Array; headers: Headers } {
  const headers = new Headers(page.headers);
  const gzip = acceptsGzip(request);
  const body = gzip ? page.gzip : page.body;
  if (gzip) headers.set('content-encoding', 'gzip');
  headers.set('etag', gzip ? page.etag.replace(/"$/, '.gz"') : page.etag);
  headers.set('content-length', String(body.byteLength));
  return { body, headers };
}

export function etagOf(body: string | Uint8Array): string {
  return `"${createHash('sha1').update(body).digest('base64url')}"`;
}

export function matchesEtag(ifNoneMatch: string | null, etag: string): boolean {
  if (!ifNoneMatch) return false;
  if (ifNoneMatch.trim() === '*') return true;
  const weakless = (tag: string) => tag.trim().replace(/^W\//, '');
  return ifNoneMatch.split(',').some((tag) => weakless(tag) === weakless(etag));
}

/** Where a page being rendered goes in the page cache (set by `cachedPage` on a miss). */
export interface PageCacheSlot {
  key: string;
  /** The catalog version the page renders from. */
  version: string;
}

/**
 * Adds validators to a marked 200 GET/HEAD response and answers 304 when the client's copy
 * is current; stores a page rendered for `slot` in the page cache. Unmarked responses pass
 * through untouched. Cached pages render nothing personal (personal parts are islands), so
 * one entry and one Cache-Control serve visitors and signed-in users alike.
 */
export async function applyValidators(request: Request, response: Response, slot?: PageCacheSlot): Promise<Response> {
  const method = request.method.toUpperCase();
  const cacheable = response.headers.has(CACHEABLE_MARKER) && (method === 'GET' || method === 'HEAD') && response.status === 200;
  if (slot && !cacheable) abandonRender(slot.key);
  if (!response.headers.has(CACHEABLE_MARKER)) return response;
  if (!cacheable) {
    const headers = new Headers(response.headers);
    headers.delete(CACHEABLE_MARKER);
    headers.set('cache-control', 'no-store');
    return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
  }
  const headers = new Headers(response.headers);
  headers.delete(CACHEABLE_MARKER);
  let body: BodyInit | null = response.body;
  if (!headers.has('etag')) {
    // A fresh rendering: hash and gzip it once, store it, and answer as a cache hit would.
    const bytes = new Uint8Array(await response.arrayBuffer());
    const kept = KEPT_HEADERS.flatMap((name) => {
      const value = headers.get(name);
      return value ? [[name, value] as [string, string]] : [];
    });
    const page: CachedPage = { body: bytes, gzip: gzipSync(bytes), etag: etagOf(bytes), headers: kept };
    if (slot) putPage(slot.key, slot.version, page);
    const encoded = representation(request, page);
    for (const [name, value] of encoded.headers) headers.set(name, value);
    body = encoded.body as Uint8Array<ArrayBuffer>;
  }
  const etag = headers.get('etag')!;
  headers.set('cache-control', PUBLIC_CACHE_CONTROL);
  headers.set('vary', 'Accept-Encoding, Cookie, Accept-Language');
  if (matchesEtag(request.headers.get('if-none-match'), etag)) {
    for (const name of ['content-length', 'content-type', 'content-encoding']) headers.delete(name);
    return new Response(null, { status: 304, headers });
  }
  return new Response(method === 'HEAD' ? null : body, { status: 200, headers });
}
