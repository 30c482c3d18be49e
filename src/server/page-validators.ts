import { createHash } from 'node:crypto';
import { getApp } from './app';
import { catalogVersion, getPage, pageKey, putPage } from './page-cache';

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
/** A page that shows the signed-in user must never sit in a shared cache. */
export const PRIVATE_CACHE_CONTROL = 'private, no-cache';

/** Headers of a rendered page worth keeping with its cached body. */
const KEPT_HEADERS = ['content-type', 'content-security-policy', 'x-robots-tag'];

interface PageContext {
  url: URL;
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
  const version = await catalogVersion(await getApp());
  const key = pageKey({ lng: astro.locals.lng, url: astro.url, version });
  if (!key) return null;
  const hit = getPage(key);
  if (hit) {
    const headers = new Headers(hit.headers);
    headers.set('etag', hit.etag);
    headers.set(CACHEABLE_MARKER, '1');
    return new Response(hit.body as Uint8Array<ArrayBuffer>, { status: 200, headers });
  }
  // Request-scoped, so it can never leave with a response (an error page, a redirect).
  astro.locals.pageCacheKey = key;
  return null;
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

/**
 * Adds validators to a marked 200 GET/HEAD response and answers 304 when the client's copy
 * is current; stores a freshly rendered anonymous page in the page cache. Unmarked
 * responses pass through untouched.
 */
export async function applyValidators(
  request: Request,
  response: Response,
  options: { personalised: boolean; key?: string },
): Promise<Response> {
  if (!response.headers.has(CACHEABLE_MARKER)) return response;
  const headers = new Headers(response.headers);
  headers.delete(CACHEABLE_MARKER);
  const key = options.key;
  const method = request.method.toUpperCase();
  if ((method !== 'GET' && method !== 'HEAD') || response.status !== 200) {
    headers.set('cache-control', 'no-store');
    return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
  }
  let etag = headers.get('etag');
  let body: BodyInit | null = response.body;
  if (!etag) {
    const bytes: Uint8Array<ArrayBuffer> = new Uint8Array(await response.arrayBuffer());
    body = bytes;
    etag = etagOf(bytes);
    headers.set('etag', etag);
    headers.set('content-length', String(bytes.byteLength));
    if (key && !options.personalised) {
      const kept = KEPT_HEADERS.flatMap((name) => {
        const value = headers.get(name);
        return value ? [[name, value] as [string, string]] : [];
      });
      putPage(key, { body: bytes, etag, headers: kept });
    }
  }
  headers.set('cache-control', options.personalised ? PRIVATE_CACHE_CONTROL : PUBLIC_CACHE_CONTROL);
  headers.set('vary', 'Cookie, Accept-Language');
  if (matchesEtag(request.headers.get('if-none-match'), etag)) {
    for (const name of ['content-length', 'content-type', 'content-encoding']) headers.delete(name);
    return new Response(null, { status: 304, headers });
  }
  return new Response(method === 'HEAD' ? null : body, { status: 200, headers });
}
