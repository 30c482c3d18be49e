import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { STRING_SPECS, type StringSpecName } from '../../src/shared/string-specs';
import { flatten, pick, type StringsSpec } from '../../src/shared/strings';

/**
 * Every literal translation key the code uses is in the strings its code can read, in both
 * languages (a missing key renders as the key itself); every call that writes its values
 * supplies each interpolation its string names; both languages name the same interpolations.
 */
const ROOT = new URL('../../', import.meta.url).pathname;
const LANGS = ['en', 'zh-HK'] as const;
type Tree = { [key: string]: string | Tree };

const resources = Object.fromEntries(
  LANGS.map((lng) => {
    const dir = join(ROOT, 'src/i18n/locales', lng);
    return [lng, Object.fromEntries(readdirSync(dir).map((f) => [f.replace(/\.json$/, ''), JSON.parse(readFileSync(join(dir, f), 'utf8')) as Tree]))];
  }),
) as Record<(typeof LANGS)[number], Record<string, Tree>>;

const flat = Object.fromEntries(LANGS.map((lng) => [lng, flatten(resources[lng])])) as Record<(typeof LANGS)[number], Record<string, string>>;

/** Every string of a language, for code that runs on the server (its `t` reads every namespace). */
const SERVER: StringsSpec = { scope: 'common:', include: Object.keys(resources.en).map((ns) => `${ns}:`) };

/**
 * The site's islands (src/islands/*.tsx) and the bundles each reads: its `strings` prop's spec,
 * and `page` for what only a signed-in click shows. An island that reads none is listed empty.
 */
const SITE_ISLANDS: Record<string, StringSpecName[]> = {
  'src/islands/CardActions.tsx': ['card', 'page'],
  'src/islands/FeatureMember.tsx': ['featureMember'],
  'src/islands/PromptActions.tsx': ['detail', 'page'],
  'src/islands/RatingCard.tsx': ['detail'],
  'src/islands/UsageCount.tsx': ['detail'],
  'src/islands/SearchBar.tsx': ['search'],
  'src/islands/UserNav.tsx': ['nav'],
  'src/islands/NotificationBell.tsx': ['nav'],
  'src/islands/NotificationList.tsx': ['notifications'],
  'src/islands/DigestSetting.tsx': ['digestSetting'],
  'src/islands/LanguageMenu.tsx': ['nav'],
  'src/islands/ThemeToggle.tsx': ['nav'],
  'src/islands/Overlays.tsx': ['overlays'],
  'src/islands/LiveList.tsx': [],
  'src/islands/VisitorOnly.tsx': [],
};

/**
 * The bundles a browser file reads (src/shared/string-specs.ts): a key it uses must be in
 * one of them. Files not listed run on the server.
 */
function specsOf(file: string): StringsSpec[] {
  const specs = (...names: StringSpecName[]) => names.map((name) => STRING_SPECS[name] as StringsSpec);
  if (file in SITE_ISLANDS) return specs(...SITE_ISLANDS[file]!);
  // The tag field also runs on the published page, under that page's small bundle (which the review bundle holds whole).
  if (file === 'src/islands/my-prompts/PromptTags.tsx') return specs('promptTags');
  if (/^src\/islands\/(admin|compose|versions|my-prompts|shared)\//.test(file) || file === 'src/client/review-queue.ts') return specs('review');
  if (file.startsWith('src/islands/auth/')) return specs('auth');
  // The add-to-collection dialog opens from cards and the detail page: it reads the page's bundle (pageT()).
  if (file === 'src/islands/library/CollectionPicker.tsx' || file === 'src/islands/library/AddToCollection.tsx') return specs('page');
  if (file === 'src/islands/library/CollectionItemRemove.tsx') return specs('collectionItem');
  if (file === 'src/islands/library/BookmarksTab.tsx') return specs('bookmarksTab');
  if (file === 'src/islands/library/ClearRecentValues.tsx') return specs('recentValues');
  if (file === 'src/islands/library/ImportPrompts.tsx') return specs('importPrompts');
  if (file.startsWith('src/islands/library/')) return specs('library');
  if (file.startsWith('src/islands/extension/')) return specs('extensionPage');
  if (file.startsWith('src/islands/tokens/')) return specs('accessTokens');
  if (file.startsWith('src/islands/discussion/')) return specs('comments');
  if (file.startsWith('extension/')) return specs('extension');
  if (file === 'src/client/use-form.ts') return specs('review', 'auth', 'library');
  // A new top-level island reads nothing until it is listed above.
  if (/^src\/islands\/[^/]+$/.test(file)) return [];
  if (file.startsWith('src/client/') || file.startsWith('src/islands/')) return specs('page');
  return [SERVER];
}

/** The text a key resolves to in a bundle, as the translator reads it (plural keys by their `_other` form). */
/** Each bundle picked once: picking walks every string of the language. */
const bundles = new Map<string, Map<StringsSpec, Record<string, string>>>();
function bundleOf(lng: (typeof LANGS)[number], spec: StringsSpec): Record<string, string> {
  const byLanguage = bundles.get(lng) ?? bundles.set(lng, new Map()).get(lng)!;
  return byLanguage.get(spec) ?? byLanguage.set(spec, pick(flat[lng], spec)).get(spec)!;
}

function resolve(lng: (typeof LANGS)[number], spec: StringsSpec, key: string): string | undefined {
  const full = key.includes(':') ? key : `${spec.scope}${key}`;
  const bundle = bundleOf(lng, spec);
  return bundle[full] ?? bundle[`${full}_other`];
}

function* sources(dir: string): Generator<string> {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    // keys.ts holds the key types, not calls.
    if (name === 'node_modules' || name === 'dist' || name === 'locales' || name === 'keys.ts') continue;
    if (statSync(path).isDirectory()) yield* sources(path);
    else if (/\.(ts|tsx|astro)$/.test(name)) yield relative(ROOT, path);
  }
}

/** t('key'), t("key"), tHtml(t, 'key'): literal keys only (template literals are data-driven). */
const CALL = /(?:\bt|tHtml\(\s*t\s*,)\(?\s*['"]([\w.:-]+)['"]/g;

/**
 * The names a call's second argument supplies, when it is an object literal written in place
 * (`t('k', { name, count: n })`); undefined when it is not (a variable: not checked), [] when
 * the call has none.
 */
function suppliedNames(text: string, from: number): string[] | undefined {
  const rest = text.slice(from);
  const next = /^\s*(,\s*)?(\{|\))?/.exec(rest)!;
  if (!next[1]) return [];
  if (next[2] !== '{') return undefined;
  let depth = 0;
  let inner = '';
  for (const ch of rest.slice(next[0].length - 1)) {
    if (ch === '{') depth++;
    if (ch === '}') depth--;
    if (depth === 0) break;
    inner += ch;
  }
  // Keys at the top level of the literal: `name:`, or a shorthand `name` before `,` or the end.
  const top = inner.slice(1).replace(/\{[^{}]*\}|\([^()]*\)|'[^']*'|"[^"]*"|`[^`]*`/g, '');
  return [...top.matchAll(/(?:^|,)\s*(?:\.\.\.)?(\w+)\s*(?=[:,]|$)/g)].map((m) => m[1]!);
}

const uses: { file: string; key: string; supplied: string[] | undefined }[] = [];
for (const file of [...sources(join(ROOT, 'src')), ...sources(join(ROOT, 'extension/src'))]) {
  const text = readFileSync(join(ROOT, file), 'utf8');
  for (const m of text.matchAll(CALL)) uses.push({ file, key: m[1]!, supplied: suppliedNames(text, m.index + m[0].length) });
}

describe('translation keys', () => {
  it('finds the keys the code uses', () => {
    expect(uses.length).toBeGreaterThan(200);
    expect(uses).toContainEqual(expect.objectContaining({ file: 'src/islands/compose/SubmitPrompt.tsx', key: 'submit.button' }));
  });

  it('every literal key is in the bundle its file reads, in both languages', () => {
    const missing: string[] = [];
    for (const { file, key } of uses) {
      for (const lng of LANGS) {
        // A key is found when one of the file's bundles holds it (an unscoped key in that bundle's scope).
        if (!specsOf(file).some((spec) => resolve(lng, spec, key) !== undefined)) missing.push(`${file}: ${key} (${lng})`);
      }
    }
    expect(missing).toEqual([]);
  });

  it('every call written with its values supplies each {{interpolation}} its string needs', () => {
    const unsupplied: string[] = [];
    for (const { file, key, supplied } of uses) {
      if (!supplied) continue;
      for (const lng of LANGS) {
        const spec = specsOf(file).find((s) => resolve(lng, s, key) !== undefined);
        const text = spec && resolve(lng, spec, key);
        for (const [, name] of text?.matchAll(/\{\{\s*(\w+)/g) ?? []) {
          if (!supplied.includes(name!)) unsupplied.push(`${file}: ${key} needs {{${name}}} (${lng})`);
        }
      }
    }
    expect(unsupplied).toEqual([]);
  });

  it('both languages hold the same keys with the same {{interpolation}} names', () => {
    const names = (s: string) => [...s.matchAll(/\{\{\s*(\w+)/g)].map((m) => m[1]).sort();
    const problems: string[] = [];
    const walk = (en: Tree, zh: Tree | undefined, at: string) => {
      for (const [k, v] of Object.entries(en)) {
        const other = zh?.[k];
        // Plural forms are per language (Chinese has only `_other`).
        if (/_(zero|one|two|few|many)$/.test(k)) continue;
        if (typeof v === 'string') {
          if (typeof other !== 'string') problems.push(`${at}${k}: missing in zh-HK`);
          else if (names(v).join() !== names(other).join()) problems.push(`${at}${k}: {{${names(v)}}} vs {{${names(other)}}}`);
        } else walk(v, typeof other === 'object' ? other : undefined, `${at}${k}.`);
      }
    };
    for (const [ns, tree] of Object.entries(resources.en)) walk(tree, resources['zh-HK'][ns], `${ns}:`);
    for (const [ns, tree] of Object.entries(resources['zh-HK'])) {
      const stray: string[] = [];
      const back = (zh: Tree, en: Tree | undefined, at: string) => {
        for (const [k, v] of Object.entries(zh)) {
          if (en?.[k] === undefined) stray.push(`${at}${k}`);
          else if (typeof v === 'object') back(v, en[k] as Tree, `${at}${k}.`);
        }
      };
      back(tree, resources.en[ns], `${ns}:`);
      problems.push(...stray.map((s) => `${s}: only in zh-HK`));
    }
    expect(problems).toEqual([]);
  });
});
