import { compareCheckpoints, type Checkpoint } from '../../events';
import type { App } from './app';
import { readConfig } from './config';
import { browseHref, communityHref, readBrowseState, readCommunityState } from '../shared/list-params';

/**
 * An in-process cache of rendered public pages, shared by every viewer.
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
 * the one in hand is older), so a rating or a copy shows on the writer's next read. The page itself stays the
 * same bytes for everyone: the cookie decides how fresh, never what is shown.
 *
 * Flow: the page calls `cachedPage(Astro)` first; a hit returns the stored bytes with their
 * ETag. On a miss the page renders and `markCacheable` tags it; the page-cache middleware
 * hashes the body for the ETag and stores it here under the key (src/server/page-validators.ts).
 *
 * PAGE_CACHE=0 turns the cache off (the benchmark measures both ways).
 */
export const VERSION_TTL_MS = 250;
const MAX_ENTRIES = 400;
const MAX_BYTES = 48 * 1024 * 1024;

/** Where the log stood after a client's last write ("txId.position"): its catalog reads wait for it. */
export const WRITTEN_COOKIE = 'catalog_written';

export interface CachedPage {
  body: Uint8Array;
  /** The body gzipped once, when stored: most clients take it, and it is a sixth of the size. */
  gzip: Uint8Array;
  etag: string;
  headers: [string, string][];
}

const enabled = readConfig().pageCache;
const entries = new Map<string, CachedPage & { version: string }>();
let bytes = 0;
/** Pages being rendered anew (key → start): a render that never reports back is retried after this. */
const rendering = new Map<string, number>();
const RENDER_WAIT_MS = 2000;

interface Version {
  checkpoint: Checkpoint | null;
  readAt: number;
}
let current: Version | null = null;
let pending: Promise<Version> | null = null;

export const formatCheckpoint = (c: Checkpoint) => `${c.txId}.${c.position}`;

/** The WRITTEN_COOKIE's value, or null when absent or malformed. */
export function parseCheckpoint(value: string | undefined): Checkpoint | null {
  const match = value ? /^(\d{1,20})\.(\d{1,15})$/.exec(value) : null;
  return match ? { txId: match[1], position: Number(match[2]) } : null;
}

const versionKey = (v: Version) => (v.checkpoint ? formatCheckpoint(v.checkpoint) : 'empty');
const covers = (v: Version, atLeast: Checkpoint | null) =>
  !atLeast || (v.checkpoint !== null && compareCheckpoints(v.checkpoint, atLeast) >= 0);

/** Reads the checkpoint; concurrent callers share one read. */
function readVersion(app: App): Promise<Version> {
  pending ??= app.runner
    .checkpoint('catalog')
    .then((checkpoint) => (current = { checkpoint, readAt: Date.now() }))
    .finally(() => {
      pending = null;
    });
  return pending;
}

/**
 * The catalog version pages are keyed on: re-read at most every VERSION_TTL_MS, and at once
 * when the caller has written past it (`atLeast`, from the WRITTEN_COOKIE). A caller whose
 * write the catalog does not hold yet waits (bounded) until it does, catching it up here
 * when no other process is at it: writes do not wait for the catalog, their writer's next
 * read does.
 */
export async function catalogVersion(app: App, atLeast: Checkpoint | null = null): Promise<string> {
  if (current && Date.now() - current.readAt < VERSION_TTL_MS && covers(current, atLeast)) return versionKey(current);
  let version = await readVersion(app);
  // A shared read that started before the caller's write settled can miss it: read once more.
  if (!covers(version, atLeast)) version = await readVersion(app);
  if (!covers(version, atLeast)) {
    // Never past the log's head: a forged or stale cookie (another database) must not make
    // a request wait out the bound for a position that will never come.
    const head = await app.store.head();
    const target = head && compareCheckpoints(atLeast!, head) > 0 ? head : atLeast!;
    if (head && !covers(version, target)) {
      await app.runner.settle(target, ['catalog']);
      version = await readVersion(app);
    }
  }
  return versionKey(version);
}

/**
 * The query a cached page depends on, in its canonical form, by path: list pages read their
 * list state (normalised, defaults left out), every other cached page reads none. `lng` is
 * keyed separately, as the request's language.
 */
const PAGE_QUERY: Record<string, (params: URLSearchParams) => URLSearchParams> = {
  '/prompts': (p) => listQuery(browseHref(readBrowseState(p), ''), p, false),
  '/fragments/prompts': (p) => listQuery(browseHref(readBrowseState(p), ''), p, true),
  '/community': (p) => listQuery(communityHref(readCommunityState(p), ''), p, false),
  '/fragments/community': (p) => listQuery(communityHref(readCommunityState(p), ''), p, true),
};

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
 * it was rendered from (see `lookupPage`).
 */
export function pageKey(parts: { lng: string; url: URL }): string | null {
  const canonical = sortedQuery(PAGE_QUERY[parts.url.pathname]?.(parts.url.searchParams) ?? new URLSearchParams());
  if (canonical !== sortedQuery(parts.url.searchParams)) return null;
  return [parts.lng, `${parts.url.pathname}?${canonical}`, new Date().getUTCFullYear()].join(' ');
}

/**
 * The stored rendering of `key` to serve at catalog `version`, or null: render it (and
 * `putPage` it, or `abandonRender` when the answer is not cacheable).
 *
 * When the catalog has moved, one request renders the page anew; the others that arrive
 * meanwhile get the rendering before it (`mayBeStale`), instead of all rendering the same
 * page at once: under a stream of writes that stampede would cost a render per request. So
 * a change reaches every viewer within VERSION_TTL_MS plus one render. A client that has
 * just written passes `mayBeStale: false` and always gets its write. `claim: false` answers
 * the same without taking the render on a miss.
 */
export function lookupPage(key: string, version: string, mayBeStale: boolean, claim = true): CachedPage | null {
  if (!enabled) return null;
  const entry = entries.get(key);
  if (entry?.version === version) {
    // Refresh its place in the LRU order.
    entries.delete(key);
    entries.set(key, entry);
    return entry;
  }
  const since = rendering.get(key);
  if (entry && mayBeStale && since !== undefined && Date.now() - since < RENDER_WAIT_MS) return entry;
  // `claim: false` only looks (the cached-pages middleware): the page itself claims the render.
  if (claim) rendering.set(key, Date.now());
  return null;
}

/** Stores the rendering of `key` made at catalog `version`. */
export function putPage(key: string, version: string, page: CachedPage): void {
  rendering.delete(key);
  if (!enabled || page.body.byteLength > MAX_BYTES / 8) return;
  const old = entries.get(key);
  if (old) {
    bytes -= old.body.byteLength;
    entries.delete(key);
  }
  entries.set(key, { ...page, version });
  bytes += page.body.byteLength;
  for (const [k, v] of entries) {
    if (entries.size <= MAX_ENTRIES && bytes <= MAX_BYTES) break;
    entries.delete(k);
    bytes -= v.body.byteLength;
  }
}

/** The render `lookupPage` asked for ended without a cacheable page (an error, a redirect). */
export function abandonRender(key: string): void {
  rendering.delete(key);
}
