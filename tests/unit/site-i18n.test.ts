import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

/** Every visible string exists in English and Traditional Chinese (Hong Kong). */
const NAMESPACES = ['common', 'site', 'prompts', 'community', 'privacy'];

function load(lng: string, ns: string): unknown {
  return JSON.parse(readFileSync(new URL(`../../src/i18n/locales/${lng}/${ns}.json`, import.meta.url), 'utf8'));
}

function keys(value: unknown, prefix = ''): string[] {
  if (Array.isArray(value)) return value.flatMap((v, i) => keys(v, `${prefix}[${i}]`));
  if (value && typeof value === 'object') {
    return Object.entries(value).flatMap(([k, v]) => keys(v, prefix ? `${prefix}.${k}` : k));
  }
  // Plural forms differ by language (en: _one/_other, zh: _other).
  return [prefix.replace(/_(one|other)$/, '')];
}

describe.each(NAMESPACES)('namespace %s', (ns) => {
  it('has the same keys in en and zh-HK, and no empty strings', () => {
    const en = load('en', ns);
    const zh = load('zh-HK', ns);
    expect([...new Set(keys(zh))].sort()).toEqual([...new Set(keys(en))].sort());
    const strings = (v: unknown): string[] =>
      Array.isArray(v) ? v.flatMap(strings) : v && typeof v === 'object' ? Object.values(v).flatMap(strings) : [String(v)];
    for (const s of [...strings(en), ...strings(zh)]) expect(s.trim()).not.toBe('');
  });
});

describe('spec texts (word for word)', () => {
  const en = (ns: string) => load('en', ns) as Record<string, any>;
  it('has the spec strings', () => {
    expect(en('prompts').detail.errorTitle).toBe('Error Loading Prompt');
    expect(en('prompts').detail.errorText).toBe(
      "We couldn't load the prompt you requested. It may have been removed or you may not have permission to view it.",
    );
    expect(en('prompts').detail.back).toBe('Back to Prompts');
    expect(en('prompts').list.empty).toBe('No prompts found');
    expect(en('prompts').categories.all).toBe('All Categories');
    expect(en('prompts').sort).toMatchObject({ popular: 'Most Popular', newest: 'Newest', rating: 'Top Rated' });
    expect(en('prompts').search.reset).toBe('Reset Filters');
    expect(en('site').notFound.title).toBe('404 Page Not Found');
    expect(en('common').actions.copied).toBe('Copied!');
    expect(en('common').toasts.promptCopied).toEqual({ title: 'Prompt copied', description: 'Now you can paste it in your AI chat.' });
    expect(en('common').toasts.useFailed).toEqual({ title: 'Error', description: 'Failed to process your request.' });
    expect(en('common').toasts.authRequired).toEqual({
      title: 'Authentication required',
      bookmark: 'Please sign in to bookmark prompts.',
      rate: 'Please sign in to rate prompts.',
    });
    expect(en('common').toasts.linkCopied.title).toBe('Link copied');
    expect(en('common').toasts.logoutSuccess).toEqual({ title: 'Logout successful', description: 'You have been logged out.' });
    expect(en('privacy').lastUpdated).toContain('April 30, 2025');
  });
});

describe('translations rendered as HTML (set:html)', () => {
  it('tHtml keeps the translation’s markup and escapes every interpolated value', async () => {
    const { getT, tHtml } = await import('../../src/server/i18n');
    const t = getT('en');
    const html = tHtml(t, 'prompts:browse.searchTitle', { q: '<img src=x onerror=alert(1)>' });
    expect(html).toContain('&lt;img src=x onerror=alert(1)&gt;');
    expect(html).not.toContain('<img');
    expect(tHtml(t, 'prompts:browse.searchTitle', { q: `a"b'c/d&e` })).toContain('a&quot;b&#39;c&#x2F;d&amp;e');
    // A subtree without values is the same object every time (built once per language).
    expect(tHtml(t, 'privacy:sections', { returnObjects: true })).toBe(tHtml(t, 'privacy:sections', { returnObjects: true }));
    expect(tHtml(t, 'site:extension.steps.open.text')).toContain('<code>chrome://extensions</code>');
  });

  it('every set:html that renders a translation goes through tHtml', async () => {
    const { readdirSync } = await import('node:fs');
    const root = new URL('../../src/', import.meta.url);
    const files = (readdirSync(root, { recursive: true }) as string[]).filter((f) => /\.(astro|tsx)$/.test(f));
    const offenders: string[] = [];
    for (const file of files) {
      const source = readFileSync(new URL(file, root), 'utf8');
      for (const [, expression] of source.matchAll(/set:html=\{((?:[^{}]|\{[^{}]*\})*)\}/g)) {
        if (/(^|[^\w.])t\(/.test(expression)) offenders.push(`${file}: set:html={${expression}}`);
      }
      // Objects of translations (returnObjects) feed set:html through variables: fetch them with tHtml too.
      if (source.includes('set:html') && /(^|[^\w.])t\([^)]*returnObjects/.test(source)) offenders.push(`${file}: returnObjects without tHtml`);
    }
    expect(offenders).toEqual([]);
  });
});
