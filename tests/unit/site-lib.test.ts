import { describe, expect, it } from 'vitest';
import { initials } from '../../src/shared/initials';
import { displayAuthor, isHouseAuthor } from '../../src/shared/author';
import { browseHref, communityHref, readBrowseState, readCategory, readCommunityState, MAX_PAGES } from '../../src/shared/list-params';
import { etagOf, matchesEtag } from '../../src/server/page-validators';
import { pageKey } from '../../src/server/page-cache';
import { cspHash, HEAD_SCRIPT, INLINE_SCRIPT_HASHES } from '../../src/server/render/inline-scripts';
import { normalizeLanguage } from '../../src/i18n/languages';

describe('initials (spec section 9)', () => {
  it('takes the first letters of the first two words, up to two, upper-cased', () => {
    expect(initials('maya chen')).toBe('MC');
    expect(initials('Ada Lovelace Byron')).toBe('AL');
    expect(initials('Promptory')).toBe('P');
    expect(initials('  Lee   Ka  Ming ')).toBe('LK');
    expect(initials('陳 大文')).toBe('陳大');
    expect(initials('')).toBe('');
    expect(initials(null)).toBe('');
  });
});

describe('author display', () => {
  it('shows the house name for the product, others as given', () => {
    expect(isHouseAuthor('Promptory')).toBe(true);
    expect(isHouseAuthor('promptory ')).toBe(true);
    expect(isHouseAuthor('Promptory Team')).toBe(false);
    expect(displayAuthor('Promptory')).toBe('Promptory');
    expect(displayAuthor('Maya Chen')).toBe('Maya Chen');
  });
});

describe('list state in the URL', () => {
  it('reads browse state with defaults and ignores garbage', () => {
    expect(readBrowseState(new URLSearchParams(''))).toEqual({ tab: 'all', q: '', category: '', sort: 'popular', page: 1 });
    expect(
      readBrowseState(new URLSearchParams('tab=featured&q=%20email%20&category=Coding&sort=newest&page=3')),
    ).toEqual({ tab: 'featured', q: 'email', category: 'coding', sort: 'newest', page: 3 });
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
  it('keys cached pages by language, normalised URL and catalog version', () => {
    const a = pageKey({ lng: 'en', url: new URL('http://x/prompts?sort=newest&q=a'), version: '1:2' });
    const b = pageKey({ lng: 'en', url: new URL('http://x/prompts?q=a&sort=newest&lng=en'), version: '1:2' });
    expect(a).toBe(b);
    expect(pageKey({ lng: 'zh-HK', url: new URL('http://x/prompts?q=a&sort=newest'), version: '1:2' })).not.toBe(a);
    expect(pageKey({ lng: 'en', url: new URL('http://x/prompts?q=a&sort=newest'), version: '1:3' })).not.toBe(a);
  });
});

describe('the pre-paint head script', () => {
  it('has a CSP hash that matches its text', () => {
    expect(INLINE_SCRIPT_HASHES).toEqual([cspHash(HEAD_SCRIPT)]);
    expect(INLINE_SCRIPT_HASHES[0]).toMatch(/^sha256-[A-Za-z0-9+/]+=*$/);
  });
  it('uses the spec storage keys and detection order', () => {
    const order = ["get('lng')", 'ck', "s(localStorage)", "s(sessionStorage)", 'nav', 'ok(d.lang)'].map((s) => HEAD_SCRIPT.indexOf(s));
    for (const i of order) expect(i).toBeGreaterThan(-1);
    const chain = HEAD_SCRIPT.slice(HEAD_SCRIPT.indexOf("var l=ok(new URLSearchParams"));
    const positions = ["get('lng')", '||ck||', 's(localStorage)', 's(sessionStorage)', '||nav||', 'ok(d.lang)'].map((s) => chain.indexOf(s));
    expect(positions).toEqual([...positions].sort((x, y) => x - y));
    expect(HEAD_SCRIPT).toContain("localStorage.setItem('i18nextLng',l)");
    expect(HEAD_SCRIPT).toContain("localStorage.getItem('theme')");
    expect(HEAD_SCRIPT).toContain("'i18next='");
  });
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
