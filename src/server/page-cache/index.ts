import type { AstroCookies, MiddlewareNext } from 'astro';
import { gzipSync } from 'node:zlib';
import { servedRoutes, type ReadModel } from '../../../events/route';
import { browseHref, communityHref, readBoard, readBrowseState, readCommunityState } from '../../shared/list-params';
import { conditionalResponse, etagOf } from '../conditional-get';
import { siteDay } from '../../../modules/members/contracts';
import { parseWritten, WRITTEN_COOKIE, type Freshness, type Written } from '../freshness';

/**
 * The cache of rendered public pages, one per app (built in src/server/app.ts as
 * `app.pageCache`), shared by every viewer. It alone decides what is stored, under which key,
 * how fresh an answer must be, and the validators a cacheable page goes out with.
 *
 * A page is a pure function of (URL, language, the read models it reads, year), so its
 * rendered bytes can be reused until one of those read models moves. Each page declares them
 * once (CACHED_PAGES); its version is their checkpoints, re-read at most every VERSION_TTL_MS
 * (src/server/freshness.ts): everyone sees a change within that time, whichever process made
 * it, and under heavy write load (every rating moves the catalog) a page is rendered at most a
 * few times a second, not once per write. A comment moves the discussion, not the catalog: the
 * detail page and the lists with comment counts render anew, the home page does not.
 *
 * The writer sees their own write at once: a request carrying the WRITTEN_COOKIE that names a
 * read model the page reads is served from a version that holds the write. The page itself
 * stays the same bytes for everyone: the cookie decides how fresh, never what is shown.
 *
 * Flow: `serveStored` (before the session is resolved) answers a GET from a stored page, or
 * claims the render and leaves the slot in `locals` (most hits never get there: the Node server
 * answers them from `stored`, src/server/page-cache/fast-pages.ts); the page renders and declares itself
 * cacheable with `markCacheable(Astro)`; `finish` (after it) stores the rendering, adds
 * ETag, Cache-Control and Vary, and answers a current If-None-Match with 304.
 */
const MAX_ENTRIES = 400;
const MAX_BYTES = 48 * 1024 * 1024;
/** Pages being rendered anew (key → start): a render that never reports back is retried after this. */
const RENDER_WAIT_MS = 2000;

/**
 * Every miss (each distinct search is one) pays this compression: level 3 takes about 0.45x
 * the time of the default level 6, for about 10% more bytes (a 124 KB list page: 20.2 KB
 * against 18.3 KB gzipped; docs/benchmarks.md).
 */
const GZIP_LEVEL = 3;

/** Internal marker header; removed from every response on the way out. */
const CACHEABLE_MARKER = 'x-promptory-cacheable';

/** Browsers and shared caches keep the page but revalidate every time (cheap with 304). */
export const PUBLIC_CACHE_CONTROL = 'public, max-age=0, must-revalidate';

/** Headers of a rendered page worth keeping with its cached body. */
const KEPT_HEADERS = ['content-type', 'content-security-policy', 'x-robots-tag'];

export interface CachedPage {
  body: Uint8Array;
  /** The body gzipped once, when stored: most clients take it, and it is a sixth of the size. */
  gzip: Uint8Array;
  etag: string;
  headers: [string, string][];
}

/** Where a page being rendered goes in the page cache (claimed by `serveStored` on a miss). */
export interface PageCacheSlot {
  key: string;
  /** The version (its read models' checkpoints) the page renders from. */
  version: string;
}

export interface PageCacheSettings {
  /** Off (PAGE_CACHE=0): every page renders, validators still work. */
  enabled: boolean;
  /** The app's clock: a stored page is kept for one site day (the leaderboards' weeks and months turn at its midnight). */
  now?: () => Date;
}

interface RequestContext {
  request: Request;
  url: URL;
  cookies: AstroCookies;
  locals: App.Locals;
}

/** Declares the page being rendered cacheable (one line in the page): `finish` stores it. */
export function markCacheable(astro: { response: { headers: Headers } }): void {
  astro.response.headers.set(CACHEABLE_MARKER, '1');
}

const isRead = (request: Request) => request.method === 'GET' || request.method === 'HEAD';

/** A page that may be stored (it calls `markCacheable`), as data. */
export interface CachedPageDeclaration {
  /** Its path; `{name}` is a segment: `/prompts/{id}`. */
  path: string;
  /** The read models it reads: its stored rendering is fresh while their checkpoints stand. */
  reads: readonly ReadModel[];
  /**
   * The query it reads, in its canonical form (normalised, defaults left out); none when
   * absent. `lng` is keyed separately, as the request's language.
   */
  query?: (params: URLSearchParams) => URLSearchParams;
}

/**
 * Every cacheable page, once. The cards show comment counts (the discussion); the Community
 * page its boards. An inline read model (engagement: the detail page's ratings of its current
 * version) is written in the write's own transaction, so its checkpoint says nothing of its rows:
 * a page reading one is kept fresh by a read model the same events feed (a rating moves the catalog).
 */
export const CACHED_PAGES: readonly CachedPageDeclaration[] = [
  { path: '/', reads: ['catalog'] },
  { path: '/prompts', reads: ['catalog', 'discussion'], query: (p) => listQuery(browseHref(readBrowseState(p), ''), p, false) },
  { path: '/fragments/prompts', reads: ['catalog', 'discussion'], query: (p) => listQuery(browseHref(readBrowseState(p), ''), p, true) },
  { path: '/prompts/{id}', reads: ['catalog', 'discussion'] },
  {
    path: '/community',
    reads: ['catalog', 'discussion', 'community'],
    query: (p) => withBoard(listQuery(communityHref(readCommunityState(p), ''), p, false), p),
  },
  { path: '/fragments/community', reads: ['catalog', 'discussion'], query: (p) => listQuery(communityHref(readCommunityState(p), ''), p, true) },
  { path: '/extension', reads: [] },
  { path: '/privacy-policy', reads: [] },
];

/** The declaration of the page at `pathname`, if it is one that may be stored. */
export const cachedPage = (pathname: string): CachedPageDeclaration | undefined => servedRoutes(CACHED_PAGES, pathname)[0];

/** The Community page also reads its leaderboard tab (This Week, the default, left out). */
function withBoard(query: URLSearchParams, params: URLSearchParams): URLSearchParams {
  const board = readBoard(params);
  if (board !== 'week') query.set('board', board);
  return query;
}

/** Fragments also read `append=1` (cards of one page only). */
function listQuery(href: string, params: URLSearchParams, fragment: boolean): URLSearchParams {
  const query = new URLSearchParams(href);
  if (fragment && params.get('append') === '1') query.set('append', '1');
  return query;
}

const sortedQuery = (params: URLSearchParams) =>
  new URLSearchParams([...params.entries()].filter(([k]) => k !== 'lng').sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))).toString();

/**
 * The cache key of a page, or null when it is not a cached page or the URL is not the canonical
 * form of what the page reads (extra, repeated or malformed parameters). Such a request still
 * renders, but is not stored: otherwise `?x=1`…`?x=500` would each take an entry and evict
 * every real page, and the links a page builds from its own URL (the language menu) would
 * carry one visitor's junk to the next. The version is not part of the key: an entry holds the
 * version it was rendered from (see `lookup`).
 */
export function pageKey(parts: { lng: string; url: URL; now?: Date }): string | null {
  const page = cachedPage(parts.url.pathname);
  if (!page) return null;
  const canonical = sortedQuery(page.query?.(parts.url.searchParams) ?? new URLSearchParams());
  if (canonical !== sortedQuery(parts.url.searchParams)) return null;
  const now = parts.now ?? new Date();
  return [parts.lng, `${parts.url.pathname}?${canonical}`, now.getUTCFullYear(), siteDay(now)].join(' ');
}

/** Whether the client takes gzip (browsers always do; `q=0` refuses it), from its Accept-Encoding. */
export function acceptsGzip(acceptEncoding: string | null | undefined): boolean {
  return (acceptEncoding ?? '').split(',').some((part) => {
    const [coding, ...params] = part.split(';').map((p) => p.trim().toLowerCase());
    return (coding === 'gzip' || coding === '*') && !params.some((p) => /^q=0(\.0*)?$/.test(p));
  });
}

/**
 * A stored page as a client with this Accept-Encoding takes it: gzipped when it can, with its
 * validators. Each encoding is its own representation, so it has its own strong ETag. Set
 * over the page's own headers (a plain one drops any `content-encoding`).
 */
export function representation(page: CachedPage, acceptEncoding: string | null | undefined): { body: Uint8Array; headers: [string, string][] } {
  const gzip = acceptsGzip(acceptEncoding);
  const body = gzip ? page.gzip : page.body;
  const headers: [string, string][] = [
    ['etag', gzip ? page.etag.replace(/"$/, '.gz"') : page.etag],
    ['content-length', String(body.byteLength)],
    ['cache-control', PUBLIC_CACHE_CONTROL],
    ['vary', 'Accept-Encoding, Cookie, Accept-Language'],
  ];
  if (gzip) headers.unshift(['content-encoding', 'gzip']);
  return { body, headers };
}

/** A request for a cached page: its key, what it reads, and the writer's cookie when it names any of that. */
interface PageRequest {
  key: string;
  reads: readonly ReadModel[];
  written: Written | null;
}

export class PageCache {
  private readonly entries = new Map<string, CachedPage & { version: string }>();
  private bytes = 0;
  private readonly rendering = new Map<string, number>();

  constructor(
    private readonly freshness: Freshness,
    private readonly settings: PageCacheSettings,
  ) {}

  /** The key of a page now (pageKey at the app's clock). */
  keyOf(parts: { lng: string; url: URL }): string | null {
    return pageKey({ ...parts, now: this.settings.now?.() });
  }

  /** The request for a stored page, or null when it renders unstored. `writtenCookie`: the WRITTEN_COOKIE's value. */
  private requestFor(lng: string, url: URL, writtenCookie: string | undefined): PageRequest | null {
    const key = this.keyOf({ lng, url });
    if (!key) return null;
    const { reads } = cachedPage(url.pathname)!;
    const written = parseWritten(writtenCookie);
    return { key, reads, written: written && written.models.some((m) => reads.includes(m)) ? written : null };
  }

  /**
   * The stored rendering of `key` to serve at `version`, or null: render it (and `put` it, or
   * `abandon` when the answer is not cacheable).
   *
   * When a read model the page reads has moved, one request renders the page anew; the others that arrive
   * meanwhile get the rendering before it (`mayBeStale`), instead of all rendering the same
   * page at once: under a stream of writes that stampede would cost a render per request. So
   * a change reaches every viewer within VERSION_TTL_MS (src/server/freshness.ts) plus one render. A client that has
   * just written passes `mayBeStale: false` and always gets its write.
   */
  lookup(key: string, version: string, mayBeStale: boolean): CachedPage | null {
    const hit = this.hit(key, version, mayBeStale);
    if (!hit && this.settings.enabled) this.rendering.set(key, Date.now());
    return hit;
  }

  /** What `lookup` answers with, without claiming the render on a miss. */
  private hit(key: string, version: string, mayBeStale: boolean): CachedPage | null {
    if (!this.settings.enabled) return null;
    const entry = this.entries.get(key);
    if (entry?.version === version) {
      // Refresh its place in the LRU order.
      this.entries.delete(key);
      this.entries.set(key, entry);
      return entry;
    }
    const since = this.rendering.get(key);
    if (entry && mayBeStale && since !== undefined && Date.now() - since < RENDER_WAIT_MS) return entry;
    return null;
  }

  /**
   * For the fast path (src/server/page-cache/fast-pages.ts): the page `serveStored` would answer this
   * request with, or null. A miss claims nothing, nor does a writer's read of a page that reads
   * what it wrote (it may have to wait): such a request goes through Astro, whose `serveStored`
   * decides as it always does.
   */
  async stored(lng: string, url: URL, writtenCookie: string | undefined): Promise<CachedPage | null> {
    if (!this.settings.enabled) return null;
    const page = this.requestFor(lng, url, writtenCookie);
    if (!page || page.written) return null;
    return this.hit(page.key, await this.freshness.version(page.reads), true);
  }

  /** Stores the rendering of `key` made at `version`. */
  put(key: string, version: string, page: CachedPage): void {
    this.rendering.delete(key);
    if (!this.settings.enabled || page.body.byteLength > MAX_BYTES / 8) return;
    const old = this.entries.get(key);
    if (old) {
      this.bytes -= old.body.byteLength;
      this.entries.delete(key);
    }
    this.entries.set(key, { ...page, version });
    this.bytes += page.body.byteLength;
    for (const [k, v] of this.entries) {
      if (this.entries.size <= MAX_ENTRIES && this.bytes <= MAX_BYTES) break;
      this.entries.delete(k);
      this.bytes -= v.body.byteLength;
    }
  }

  /** The render `lookup` asked for ended without a cacheable page (an error, a redirect). */
  abandon(key: string): void {
    this.rendering.delete(key);
  }

  /**
   * Before the session is resolved: a GET for a stored page is answered here. Stored pages are
   * the same bytes for everyone (personal parts are islands that call the API, where the
   * session is checked), so a signed-in user's hit needs no session lookup and costs what a
   * visitor's does. A writer whose last write fed a read model the page reads is served a
   * version that holds it, never the rendering before it. On a miss the render is claimed and
   * its slot left in `locals` (request-scoped, so it can never leave with a response), and the
   * request goes on to the page.
   */
  async serveStored(context: RequestContext, next: MiddlewareNext): Promise<Response> {
    if (!isRead(context.request)) return next();
    const page = this.requestFor(context.locals.lng, context.url, context.cookies.get(WRITTEN_COOKIE)?.value);
    if (!page) return next();
    const version = await this.freshness.version(page.reads, page.written);
    const hit = this.lookup(page.key, version, !page.written);
    if (hit) return this.answer(context.request, hit, new Headers(hit.headers));
    context.locals.pageCacheSlot = { key: page.key, version };
    try {
      return await next();
    } finally {
      // Answered without reaching `finish` (the session refused it, or it threw): let the next
      // request render, or one such request after another would keep everyone on the old page.
      if (context.locals.pageCacheSlot) this.abandon(page.key);
    }
  }

  /**
   * After the session and the page: a page that declared itself cacheable is stored and goes
   * out with its validators; a declared page that did not end in a 200 goes out `no-store`;
   * anything else passes untouched.
   */
  async finish(context: RequestContext, next: MiddlewareNext): Promise<Response> {
    const reading = isRead(context.request);
    const response = await next();
    const slot = context.locals.pageCacheSlot;
    context.locals.pageCacheSlot = undefined;
    const marked = response.headers.has(CACHEABLE_MARKER);
    const cacheable = marked && reading && response.status === 200;
    if (slot && !cacheable) this.abandon(slot.key);
    if (!marked) return response;
    const headers = new Headers(response.headers);
    headers.delete(CACHEABLE_MARKER);
    if (!cacheable) {
      headers.set('cache-control', 'no-store');
      return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
    }
    // A fresh rendering: hash and gzip it once, store it, and answer as a hit would.
    const body = new Uint8Array(await response.arrayBuffer());
    const kept = KEPT_HEADERS.flatMap((name) => {
      const value = headers.get(name);
      return value ? [[name, value] as [string, string]] : [];
    });
    const page: CachedPage = { body, gzip: gzipSync(body, { level: GZIP_LEVEL }), etag: etagOf(body), headers: kept };
    if (slot) this.put(slot.key, slot.version, page);
    return this.answer(context.request, page, headers);
  }

  /** The page as this client takes it (`representation`); a current If-None-Match gets 304. */
  private answer(request: Request, page: CachedPage, headers: Headers): Response {
    const { body, headers: own } = representation(page, request.headers.get('accept-encoding'));
    headers.delete('content-encoding');
    for (const [name, value] of own) headers.set(name, value);
    return conditionalResponse(request, body as Uint8Array<ArrayBuffer>, headers);
  }
}
