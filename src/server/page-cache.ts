import type { AstroCookies, MiddlewareNext } from 'astro';
import { gzipSync } from 'node:zlib';
import { compareCheckpoints, type Checkpoint } from '../../events';
import { browseHref, communityHref, readBoard, readBrowseState, readCommunityState } from '../shared/list-params';
import { conditionalResponse, etagOf } from './conditional-get';
import { siteDay } from '../../modules/members/contracts';

/**
 * The cache of rendered public pages, one per app (built in src/server/app.ts as
 * `app.pageCache`), shared by every viewer. It alone decides what is stored, under which key,
 * how fresh an answer must be, and the validators a cacheable page goes out with.
 *
 * A page is a pure function of (URL, language, catalog state, year), so its rendered bytes
 * can be reused until the catalog read model moves. The catalog's state is its projection
 * checkpoint, re-read at most every VERSION_TTL_MS: everyone sees a change within that
 * time, whichever process made it, and under heavy write load (every rating moves the
 * checkpoint) a page is rendered at most a few times a second, not once per write.
 *
 * The writer sees their own write at once: every successful write answers with the
 * WRITTEN_COOKIE, the log's head after the write. A request carrying it is served from a
 * catalog at that position or later (the version is re-read, and the catalog caught up, when
 * the one in hand is older), so a rating or a copy shows on the writer's next read. The page
 * itself stays the same bytes for everyone: the cookie decides how fresh, never what is shown.
 *
 * Flow: `serveStored` (before the session is resolved) answers a GET from a stored page, or
 * claims the render and leaves the slot in `locals` (most hits never get there: the Node server
 * answers them from `stored`, src/server/fast-pages.ts); the page renders and declares itself
 * cacheable with `markCacheable(Astro)`; `finish` (after it) stores the rendering, adds
 * ETag, Cache-Control and Vary, and answers a current If-None-Match with 304.
 */
export const VERSION_TTL_MS = 250;
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

/** Where the log stood after a client's last write ("txId.position"): its catalog reads wait for it. */
export const WRITTEN_COOKIE = 'catalog_written';
/** Long enough for any reload; after VERSION_TTL_MS every viewer is past it anyway. */
const WRITTEN_COOKIE_SECONDS = 60;

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
  /** The catalog version the page renders from. */
  version: string;
}

/** What the cache reads of the app: the catalog's checkpoint, the log's head, and a catch-up. */
export interface CatalogClock {
  checkpoint(): Promise<Checkpoint | null>;
  head(): Promise<Checkpoint | null>;
  /** Catches the catalog up to `target` (bounded wait when another runner holds it). */
  settle(target: Checkpoint): Promise<unknown>;
}

export interface PageCacheSettings {
  /** Off (PAGE_CACHE=0): every page renders, validators and the written cookie still work. */
  enabled: boolean;
  /** The app's clock: a stored page is kept for one site day (the leaderboards' weeks and months turn at its midnight). */
  now?: () => Date;
  /** Whether the written cookie needs `Secure`, as the session cookie does. */
  secureCookies(context: { url: URL; cookies: AstroCookies }): boolean;
}

interface RequestContext {
  request: Request;
  url: URL;
  cookies: AstroCookies;
  locals: App.Locals;
}

interface Version {
  checkpoint: Checkpoint | null;
  readAt: number;
}

/** Declares the page being rendered cacheable (one line in the page): `finish` stores it. */
export function markCacheable(astro: { response: { headers: Headers } }): void {
  astro.response.headers.set(CACHEABLE_MARKER, '1');
}

export const formatCheckpoint = (c: Checkpoint) => `${c.txId}.${c.position}`;

/** The WRITTEN_COOKIE's value, or null when absent or malformed. */
export function parseCheckpoint(value: string | undefined): Checkpoint | null {
  const match = value ? /^(\d{1,20})\.(\d{1,15})$/.exec(value) : null;
  return match ? { txId: match[1], position: Number(match[2]) } : null;
}

const versionKey = (v: Version) => (v.checkpoint ? formatCheckpoint(v.checkpoint) : 'empty');
const covers = (v: Version, atLeast: Checkpoint | null) => !atLeast || (v.checkpoint !== null && compareCheckpoints(v.checkpoint, atLeast) >= 0);
const isRead = (request: Request) => request.method === 'GET' || request.method === 'HEAD';

/**
 * The query a cached page depends on, in its canonical form, by path: list pages read their
 * list state (normalised, defaults left out), every other cached page reads none. `lng` is
 * keyed separately, as the request's language.
 */
const PAGE_QUERY: Record<string, (params: URLSearchParams) => URLSearchParams> = {
  '/prompts': (p) => listQuery(browseHref(readBrowseState(p), ''), p, false),
  '/fragments/prompts': (p) => listQuery(browseHref(readBrowseState(p), ''), p, true),
  '/community': (p) => withBoard(listQuery(communityHref(readCommunityState(p), ''), p, false), p),
  '/fragments/community': (p) => listQuery(communityHref(readCommunityState(p), ''), p, true),
};

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
 * The cache key of a page, or null when the URL is not the canonical form of what the page
 * reads (extra, repeated or malformed parameters). Such a request still renders, but is not
 * stored: otherwise `?x=1`…`?x=500` would each take an entry and evict every real page, and
 * the links a page builds from its own URL (the language menu) would carry one visitor's
 * junk to the next. The catalog version is not part of the key: an entry holds the version
 * it was rendered from (see `lookup`).
 */
export function pageKey(parts: { lng: string; url: URL; now?: Date }): string | null {
  const canonical = sortedQuery(PAGE_QUERY[parts.url.pathname]?.(parts.url.searchParams) ?? new URLSearchParams());
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

export class PageCache {
  private readonly entries = new Map<string, CachedPage & { version: string }>();
  private bytes = 0;
  private readonly rendering = new Map<string, number>();
  private current: Version | null = null;
  private pending: Promise<Version> | null = null;

  constructor(
    private readonly catalog: CatalogClock,
    private readonly settings: PageCacheSettings,
  ) {}

  /** The key of a page now (pageKey at the app's clock). */
  keyOf(parts: { lng: string; url: URL }): string | null {
    return pageKey({ ...parts, now: this.settings.now?.() });
  }

  /** Reads the checkpoint; concurrent callers share one read. */
  private readVersion(): Promise<Version> {
    this.pending ??= this.catalog
      .checkpoint()
      .then((checkpoint) => (this.current = { checkpoint, readAt: Date.now() }))
      .finally(() => {
        this.pending = null;
      });
    return this.pending;
  }

  /**
   * The catalog version pages are keyed on: re-read at most every VERSION_TTL_MS, and at once
   * when the caller has written past it (`atLeast`, from the WRITTEN_COOKIE). A caller whose
   * write the catalog does not hold yet waits (bounded) until it does, catching it up here
   * when no other process is at it: writes do not wait for the catalog, their writer's next
   * read does.
   */
  async catalogVersion(atLeast: Checkpoint | null = null): Promise<string> {
    const current = this.current;
    if (current && Date.now() - current.readAt < VERSION_TTL_MS && covers(current, atLeast)) return versionKey(current);
    let version = await this.readVersion();
    // A shared read that started before the caller's write settled can miss it: read once more.
    if (!covers(version, atLeast)) version = await this.readVersion();
    if (!covers(version, atLeast)) {
      // Never past the log's head: a forged or stale cookie (another database) must not make
      // a request wait out the bound for a position that will never come.
      const head = await this.catalog.head();
      const target = head && compareCheckpoints(atLeast!, head) > 0 ? head : atLeast!;
      if (head && !covers(version, target)) {
        await this.catalog.settle(target);
        version = await this.readVersion();
      }
    }
    return versionKey(version);
  }

  /**
   * The stored rendering of `key` to serve at catalog `version`, or null: render it (and
   * `put` it, or `abandon` when the answer is not cacheable).
   *
   * When the catalog has moved, one request renders the page anew; the others that arrive
   * meanwhile get the rendering before it (`mayBeStale`), instead of all rendering the same
   * page at once: under a stream of writes that stampede would cost a render per request. So
   * a change reaches every viewer within VERSION_TTL_MS plus one render. A client that has
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
   * For the fast path (src/server/fast-pages.ts): the page `serveStored` would answer a request
   * without the WRITTEN_COOKIE with, or null. A miss claims nothing: the request then goes
   * through Astro, whose `serveStored` claims the render as it always does.
   */
  async stored(key: string): Promise<CachedPage | null> {
    if (!this.settings.enabled) return null;
    return this.hit(key, await this.catalogVersion(null), true);
  }

  /** Stores the rendering of `key` made at catalog `version`. */
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
   * visitor's does. On a miss the render is claimed and its slot left in `locals` (request-
   * scoped, so it can never leave with a response), and the request goes on to the page.
   */
  async serveStored(context: RequestContext, next: MiddlewareNext): Promise<Response> {
    if (!isRead(context.request)) return next();
    const key = this.keyOf({ lng: context.locals.lng, url: context.url });
    if (!key) return next();
    // A client that has just written is served a catalog that holds its write.
    const written = parseCheckpoint(context.cookies.get(WRITTEN_COOKIE)?.value);
    const version = await this.catalogVersion(written);
    const hit = this.lookup(key, version, !written);
    if (hit) return this.answer(context.request, hit, new Headers(hit.headers));
    context.locals.pageCacheSlot = { key, version };
    try {
      return await next();
    } finally {
      // Answered without reaching `finish` (the session refused it, or it threw): let the next
      // request render, or one such request after another would keep everyone on the old page.
      if (context.locals.pageCacheSlot) this.abandon(key);
    }
  }

  /**
   * After the session and the page: a writer's reads (pages and API alike) wait until the
   * catalog holds its write; a successful write answers with the position of its own appends,
   * or the log's head after it when the endpoint settled none (the WRITTEN_COOKIE), since the
   * write itself does not wait for the catalog. A page that
   * declared itself cacheable is stored and goes out with its validators; a declared page that
   * did not end in a 200 goes out `no-store`; anything else passes untouched.
   */
  async finish(context: RequestContext, next: MiddlewareNext): Promise<Response> {
    const reading = isRead(context.request);
    const written = reading ? parseCheckpoint(context.cookies.get(WRITTEN_COOKIE)?.value) : null;
    if (written) await this.catalogVersion(written);
    const response = await next();
    // Not for routes that declare `writtenPosition: false` (the account routes: the log moves by a
    // different amount for a registered and an unknown email, so the cookie would tell them apart).
    if (!reading && response.status < 400 && !context.locals.noWrittenPosition) {
      // The request's own appends when the endpoint settled them; else the head (which is past them).
      const checkpoint = context.locals.writtenUpTo ?? (await this.catalog.head());
      if (checkpoint) {
        context.cookies.set(WRITTEN_COOKIE, formatCheckpoint(checkpoint), {
          path: '/',
          maxAge: WRITTEN_COOKIE_SECONDS,
          httpOnly: true,
          sameSite: 'lax',
          secure: this.settings.secureCookies(context),
        });
      }
    }
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
