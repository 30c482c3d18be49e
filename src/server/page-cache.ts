import type { App } from './app';
import { readConfig } from './config';
import { browseHref, communityHref, readBrowseState, readCommunityState } from '../shared/list-params';

/**
 * An in-process cache of rendered public pages, shared by every viewer.
 *
 * A page is a pure function of (URL, language, catalog state, year) for a visitor, so its
 * rendered bytes can be reused until the catalog read model moves. The catalog's state is
 * its projection checkpoint. Reading it costs a query, so it is re-read at most every
 * VERSION_TTL_MS, and at once after any state-changing request handled by this process
 * (`markDataChanged`, called by the i18n middleware): a visitor's own write (e.g. a use)
 * shows on their next page. Writes through other processes (PostgreSQL deployments) show
 * within VERSION_TTL_MS. Signed-in users always get a fresh render.
 *
 * Flow: the page calls `cachedPage(Astro)` first; a hit returns the stored bytes with their
 * ETag. On a miss the page renders and `markCacheable` tags it; the i18n middleware hashes
 * the body for the ETag and stores it here under the key (src/server/page-validators.ts).
 *
 * PAGE_CACHE=0 turns the cache off (the benchmark measures both ways).
 */
export const VERSION_TTL_MS = 250;
const MAX_ENTRIES = 400;
const MAX_BYTES = 48 * 1024 * 1024;

export interface CachedPage {
  body: Uint8Array;
  etag: string;
  headers: [string, string][];
}

const enabled = readConfig().pageCache;
const entries = new Map<string, CachedPage>();
let bytes = 0;

let version: string | null = null;
let versionReadAt = 0;
let dirty = true;
let pending: Promise<string> | null = null;

/** A state-changing request went through this process: re-read the catalog version next time. */
export function markDataChanged(): void {
  dirty = true;
}

async function readVersion(app: App): Promise<string> {
  const checkpoint = await app.runner.checkpoint('catalog');
  return checkpoint ? `${checkpoint.txId}:${checkpoint.position}` : 'empty';
}

/** The catalog read model's current version, re-read at most every VERSION_TTL_MS. */
export async function catalogVersion(app: App): Promise<string> {
  const now = Date.now();
  if (!dirty && version !== null && now - versionReadAt < VERSION_TTL_MS) return version;
  if (!pending) {
    dirty = false;
    pending = readVersion(app)
      .then((v) => {
        version = v;
        versionReadAt = Date.now();
        return v;
      })
      .finally(() => {
        pending = null;
      });
  }
  return pending;
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
 * junk to the next.
 */
export function pageKey(parts: { lng: string; url: URL; version: string }): string | null {
  const canonical = sortedQuery(PAGE_QUERY[parts.url.pathname]?.(parts.url.searchParams) ?? new URLSearchParams());
  if (canonical !== sortedQuery(parts.url.searchParams)) return null;
  return [parts.lng, `${parts.url.pathname}?${canonical}`, parts.version, new Date().getUTCFullYear()].join(' ');
}

export function getPage(key: string): CachedPage | undefined {
  if (!enabled) return undefined;
  const entry = entries.get(key);
  if (entry) {
    // Refresh its place in the LRU order.
    entries.delete(key);
    entries.set(key, entry);
  }
  return entry;
}

export function putPage(key: string, page: CachedPage): void {
  if (!enabled || page.body.byteLength > MAX_BYTES / 8) return;
  const old = entries.get(key);
  if (old) {
    bytes -= old.body.byteLength;
    entries.delete(key);
  }
  entries.set(key, page);
  bytes += page.body.byteLength;
  for (const [k, v] of entries) {
    if (entries.size <= MAX_ENTRIES && bytes <= MAX_BYTES) break;
    entries.delete(k);
    bytes -= v.body.byteLength;
  }
}

export function clearPageCache(): void {
  entries.clear();
  bytes = 0;
  version = null;
  dirty = true;
}
