import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Every literal translation key the code uses exists in both languages (a missing key
 * renders as the key itself), and both languages' strings name the same {{interpolations}}.
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

function lookup(tree: Tree | string | undefined, path: string): string | Tree | undefined {
  return path.split('.').reduce<Tree | string | undefined>((node, part) => (typeof node === 'object' ? node[part] : undefined), tree);
}

/** A key as i18next resolves it: the string, its plural forms (`_other` in every language), or a subtree handed to an island whole. */
function exists(lng: (typeof LANGS)[number], where: string, key: string): boolean {
  const [ns, ...prefix] = where.split('.');
  const full = [...prefix, key].join('.');
  const root = resources[lng][ns];
  if (lookup(root, full) !== undefined) return true;
  return typeof lookup(root, `${full}_other`) === 'string';
}

/**
 * The namespace an unprefixed key of a file is read in: each island folder's i18next
 * instance holds one namespace (`islandI18n`), the extension defaults to its own, the
 * server to `common`. The form kit runs inside the review, auth and library islands.
 */
function namespacesOf(file: string): string[] {
  if (file.startsWith('src/islands/review/') || file === 'src/client/review-queue.ts') return ['review'];
  if (file.startsWith('src/islands/auth/')) return ['auth'];
  if (file.startsWith('src/islands/library/')) return ['dashboard.library'];
  if (file.startsWith('src/islands/extension/') || file.startsWith('extension/')) return ['extension'];
  if (file === 'src/ui/useForm.ts') return ['review', 'auth', 'dashboard.library'];
  return ['common'];
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

/** t('key'), t("key"), i18nKey="key", tHtml(t, 'key'): literal keys only (template literals are data-driven). */
const CALL = /(?:\bt|tHtml\(\s*t\s*,)\(?\s*['"]([\w.:-]+)['"]/g;
const PROP = /\bi18nKey=\{?['"]([\w.:-]+)['"]/g;

const uses: { file: string; key: string }[] = [];
for (const file of [...sources(join(ROOT, 'src')), ...sources(join(ROOT, 'extension/src'))]) {
  const text = readFileSync(join(ROOT, file), 'utf8');
  for (const re of [CALL, PROP]) for (const m of text.matchAll(re)) uses.push({ file, key: m[1]! });
}

describe('translation keys', () => {
  it('finds the keys the code uses', () => {
    expect(uses.length).toBeGreaterThan(200);
    expect(uses).toContainEqual({ file: 'src/islands/review/SubmitForm.tsx', key: 'submit.button' });
  });

  it('every literal key exists in both languages', () => {
    const missing: string[] = [];
    for (const { file, key } of uses) {
      const [ns, path] = key.includes(':') ? [key.split(':')[0]!, key.split(':')[1]!] : [undefined, key];
      for (const lng of LANGS) {
        for (const where of ns ? [ns] : namespacesOf(file)) {
          if (!exists(lng, where, path)) missing.push(`${file}: ${key} (${lng}, ${where})`);
        }
      }
    }
    expect(missing).toEqual([]);
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
