import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { initials } from '../../src/shared/initials';
import { displayAuthor, isHouseAuthor } from '../../src/shared/author';
import { browseHref, browseSortChoices, communityHref, readBrowseState, readCategory, readCommunityState, MAX_PAGES } from '../../src/shared/list-params';
import { etagOf, matchesEtag } from '../../src/server/conditional-get';
import { Freshness, VERSION_TTL_MS } from '../../src/server/freshness';
import { markCacheable, PageCache, pageKey } from '../../src/server/page-cache';
import { HEAD_SCRIPT } from '../../src/server/render/inline-scripts';
import { normalizeLanguage } from '../../src/i18n/languages';
import { expectAnswers } from '../support/answers';

describe('initials', () => {
  it('takes the first letters of the first two words, up to two, upper-cased', () => {
    expectAnswers(initials, [
      ['maya chen', 'MC'],
      ['Ada Lovelace Byron', 'AL'],
      ['Promptory', 'P'],
      ['  Lee   Ka  Ming ', 'LK'],
      ['陳 大文', '陳大'],
      ['', ''],
      [null, ''],
    ]);
  });
});

describe('author display', () => {
  it('shows the house name for the product, others as given, and a deleted account as "Deleted user"', () => {
    expect(isHouseAuthor('Promptory')).toBe(true);
    expect(isHouseAuthor('promptory ')).toBe(true);
    expect(isHouseAuthor('Promptory Team')).toBe(false);
    expect(displayAuthor('Promptory', 'Deleted user')).toBe('Promptory');
    expect(displayAuthor('Maya Chen', 'Deleted user')).toBe('Maya Chen');
    expect(displayAuthor('', 'Deleted user')).toBe('Deleted user');
  });
});

describe('list state in the URL', () => {
  it('reads browse state with defaults and ignores garbage', () => {
    expect(readBrowseState(new URLSearchParams(''))).toEqual({ tab: 'all', q: '', category: '', sort: 'popular', page: 1 });
    expect(readBrowseState(new URLSearchParams('tab=featured&q=%20email%20&category=Coding&sort=newest&page=3'))).toEqual({
      tab: 'featured',
      q: 'email',
      category: 'coding',
      sort: 'newest',
      page: 3,
    });
    expect(readBrowseState(new URLSearchParams('tab=<x>&sort=drop&page=-2&category=nope'))).toEqual({
      tab: 'all',
      q: '',
      category: '',
      sort: 'popular',
      page: 1,
    });
    expect(readBrowseState(new URLSearchParams('page=9999')).page).toBe(MAX_PAGES);
    expect(readBrowseState(new URLSearchParams(`q=${'x'.repeat(500)}`)).q).toHaveLength(200);
  });
  it('sorts a search by relevance unless the address names another sort, and keeps that choice', () => {
    expect(readBrowseState(new URLSearchParams('q=email')).sort).toBe('relevance');
    expect(readBrowseState(new URLSearchParams('q=email&sort=popular')).sort).toBe('popular');
    expect(readBrowseState(new URLSearchParams('q=email&sort=')).sort).toBe('relevance');
    expect(browseHref({ q: 'email', sort: 'relevance' })).toBe('/prompts?q=email');
    expect(browseHref({ q: 'email', sort: 'popular' })).toBe('/prompts?q=email&sort=popular');
    expect(browseHref({ sort: 'popular' })).toBe('/prompts');
    expect(browseSortChoices({ q: 'email', sort: 'relevance' })).toEqual({
      sort: '',
      sorts: ['', 'popular', 'newest', 'rating'],
      defaultSortLabel: 'relevance',
    });
    expect(browseSortChoices({ q: '', sort: 'newest' })).toEqual({ sort: 'newest', sorts: ['', 'newest', 'rating'], defaultSortLabel: 'popular' });
  });
  it('accepts a category by id too', () => {
    expect(readCategory('2')).toBe('coding');
    expect(readCategory('0')).toBe('');
  });
  it('reads community state: unsorted by default', () => {
    expect(readCommunityState(new URLSearchParams('')).sort).toBe('');
    expect(readCommunityState(new URLSearchParams('tab=trending')).tab).toBe('trending');
  });
  it('builds short links without defaults', () => {
    expect(browseHref({ tab: 'all', q: '', category: '', sort: 'popular', page: 1 })).toBe('/prompts');
    expect(browseHref({ tab: 'featured' })).toBe('/prompts?tab=featured');
    expect(browseHref({ q: '電郵', sort: 'rating', page: 2 })).toBe('/prompts?q=%E9%9B%BB%E9%83%B5&sort=rating&page=2');
    expect(communityHref({ tab: 'all', sort: '' })).toBe('/community');
    expect(communityHref({ sort: 'popular' })).toBe('/community?sort=popular');
  });
});

describe('HTML validators', () => {
  it('makes strong ETags and matches If-None-Match lists, weak forms and *', () => {
    const etag = etagOf('<p>hi</p>');
    expect(etag).toMatch(/^"[\w-]+"$/);
    expect(etagOf('<p>hi</p>')).toBe(etag);
    expect(etagOf('<p>ho</p>')).not.toBe(etag);
    expect(matchesEtag(etag, etag)).toBe(true);
    expect(matchesEtag(`"a", ${etag}`, etag)).toBe(true);
    expect(matchesEtag(`W/${etag}`, etag)).toBe(true);
    expect(matchesEtag('*', etag)).toBe(true);
    expect(matchesEtag('"other"', etag)).toBe(false);
    expect(matchesEtag(null, etag)).toBe(false);
  });
  it('keys cached pages by language and normalised URL', () => {
    const a = pageKey({ lng: 'en', url: new URL('http://x/prompts?sort=newest&q=a') });
    const b = pageKey({ lng: 'en', url: new URL('http://x/prompts?q=a&sort=newest&lng=en') });
    expect(a).toBe(b);
    expect(pageKey({ lng: 'zh-HK', url: new URL('http://x/prompts?q=a&sort=newest') })).not.toBe(a);
  });
  const page = (html: string, etag: string) => ({ body: new TextEncoder().encode(html), gzip: gzipSync(html), etag, headers: [] as [string, string][] });
  const newCache = (enabled = true) =>
    new PageCache(new Freshness({ checkpoints: async () => new Map(), head: async () => null, settle: async () => true }), { enabled });
  it('serves a page at the catalog version it was rendered from', () => {
    const cache = newCache();
    expect(cache.lookup('en /a? 2026', 'v1', true)).toBeNull(); // nothing stored: render
    cache.put('en /a? 2026', 'v1', page('<p>v1</p>', '"v1"'));
    expect(cache.lookup('en /a? 2026', 'v1', true)?.etag).toBe('"v1"');
  });
  it('after the catalog moves, one request renders while the others get the page before it', () => {
    const cache = newCache();
    cache.put('en /b? 2026', 'v1', page('<p>v1</p>', '"v1"'));
    expect(cache.lookup('en /b? 2026', 'v2', true)).toBeNull(); // the first renders v2
    expect(cache.lookup('en /b? 2026', 'v2', true)?.etag).toBe('"v1"'); // meanwhile: v1, no second render
    expect(cache.lookup('en /b? 2026', 'v2', false)).toBeNull(); // a writer never gets the older page
    cache.put('en /b? 2026', 'v2', page('<p>v2</p>', '"v2"'));
    expect(cache.lookup('en /b? 2026', 'v2', true)?.etag).toBe('"v2"');
  });
  it('a render that ends without a cacheable page lets the next request render', () => {
    const cache = newCache();
    cache.put('en /c? 2026', 'v1', page('<p>v1</p>', '"v1"'));
    expect(cache.lookup('en /c? 2026', 'v2', true)).toBeNull();
    cache.abandon('en /c? 2026');
    expect(cache.lookup('en /c? 2026', 'v2', true)).toBeNull();
  });
  it('keeps each cache to itself: a page stored in one is not served by another', () => {
    const one = newCache();
    const other = newCache();
    one.put('en /d? 2026', 'v1', page('<p>one</p>', '"one"'));
    expect(other.lookup('en /d? 2026', 'v1', true)).toBeNull();
    expect(one.lookup('en /d? 2026', 'v1', true)?.etag).toBe('"one"');
  });
  it('a request answered before its page (the session refused it) does not hold back the new rendering', async () => {
    let position = 1;
    const at = async () => ({ txId: '1', position });
    const checkpoints = async () => new Map([['catalog', await at()]]);
    const cache = new PageCache(new Freshness({ checkpoints, head: at, settle: async () => true }), { enabled: true });
    const context = () => {
      const url = new URL('http://x/');
      return { request: new Request(url), url, cookies: { get: () => undefined, set: () => {} }, locals: { lng: 'en' } } as never;
    };
    const page = (html: string) => async () => {
      const response = new Response(html);
      markCacheable({ response });
      return response;
    };
    const get = (next: (c: never) => () => Promise<Response>) => {
      const c = context();
      return cache.serveStored(c, next(c));
    };
    await get((c) => () => cache.finish(c, page('v1')));
    position = 2;
    await new Promise((resolve) => setTimeout(resolve, VERSION_TTL_MS + 20));
    expect((await get(() => async () => new Response(null, { status: 403 }))).status).toBe(403);
    expect(await (await get((c) => () => cache.finish(c, page('v2')))).text()).toBe('v2');
  });
  it('stores nothing when turned off (PAGE_CACHE=0)', () => {
    const off = newCache(false);
    off.put('en /e? 2026', 'v1', page('<p>v1</p>', '"v1"'));
    expect(off.lookup('en /e? 2026', 'v1', true)).toBeNull();
  });
  it('stores only the canonical form of what a page reads: junk parameters get no entry of their own', () => {
    const key = (path: string) => pageKey({ lng: 'en', url: new URL(`http://x${path}`) });
    expect(key('/prompts?x=1')).toBeNull();
    expect(key('/prompts?sort=zzz')).toBeNull();
    expect(key('/prompts?sort=popular')).toBeNull(); // the default, left out of canonical links
    expect(key('/prompts?q=a&q=b')).toBeNull();
    expect(key('/prompts/3?utm=1')).toBeNull();
    expect(key('/prompts/3')).not.toBeNull();
    expect(key('/fragments/prompts?tab=featured&append=1&page=2')).not.toBeNull();
    expect(key('/prompts?append=1')).toBeNull(); // only fragments read it
    expect(key('/community?sort=rating&category=coding')).not.toBeNull();
  });
});

// The script's detection order and storage keys are checked by behaviour in Chromium
// (tests/e2e/site-shell.spec.ts, "language detection"); its CSP hash by the CSP-violation watch.
describe('the pre-paint head script', () => {
  it('agrees with normalizeLanguage on what is a language', () => {
    // Evaluate the script's own `ok` in isolation.
    const body = /var ok=(function\(c\)\{[\s\S]*?return null\})/.exec(HEAD_SCRIPT)![1];
    const ok = new Function(`return ${body}`)() as (c: string | null) => string | null;
    for (const code of ['en', 'en-GB', 'EN_us', 'zh', 'zh-TW', 'zh-Hant-HK', 'fr', '', '<script>', 'en;drop', 'x'.repeat(40)]) {
      expect(ok(code) ?? undefined, code).toBe(normalizeLanguage(code));
    }
  });
});

describe('icon sprite version', () => {
  it('changes whenever a shape changes, so a year-long browser cache never serves stale icons', async () => {
    const { iconsHash, iconPaths, ICONS_VERSION } = await import('../../src/shared/icon-paths');
    expect(ICONS_VERSION).toBe(iconsHash());
    expect(iconsHash({ ...iconPaths, star: '<path d="M0 0h1"/>' })).not.toBe(ICONS_VERSION);
  });
});
