import { parseCookie } from 'cookie';
import { describe, expect, it } from 'vitest';
import { cookieValue } from '../../src/server/page-cache/fast-pages';

/**
 * The fast path (src/server/page-cache/fast-pages.ts) reads the language and written-position cookies
 * itself; it must read them as Astro does, or a request would be answered in another language
 * than Astro would choose. Astro's `cookies.get(name)?.value` (astro/dist/core/cookies/cookies.js):
 * the `cookie` package's parse without decoding, an empty value counts as absent, then
 * decodeURIComponent, the raw value when that throws.
 */
function astroReads(header: string, name: string): string | undefined {
  const raw = parseCookie(header, { decode: (v) => v })[name];
  if (!raw) return undefined;
  try {
    return decodeURIComponent(raw);
  } catch {
    return raw;
  }
}

describe("the fast path's cookie reading", () => {
  const headers = [
    'i18next=zh-HK',
    'theme=dark; i18next=zh-HK',
    'i18next=en; i18next=zh-HK',
    ' i18next = zh-HK ; other=1',
    '\ti18next=\tzh%2DHK\t',
    'i18next=%E0%A4%A',
    'i18next=; i18next=zh-HK',
    'junk; i18next=zh-HK',
    'a=b=c; i18next=en=1',
    'xi18next=zh-HK; i18next=en',
    'i18nextx=zh-HK',
    '=zh; i18next',
    'i18next',
    ';;;i18next=en;;',
    'written=1.2.catalog; i18next="zh-HK"',
    'written=; x=1',
    'x_written=1.2.catalog; i18next=en',
    'x=1; written=12.34.catalog.community',
    '',
    '=',
  ];
  it('reads every cookie header as Astro does', () => {
    for (const header of headers) {
      for (const name of ['i18next', 'written', 'other', 'a'])
        expect(cookieValue(header, name), `${JSON.stringify(header)} ${name}`).toBe(astroReads(header, name));
    }
  });
});
