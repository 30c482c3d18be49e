import type { KeyIn, Leaves, Namespace, Resources, TranslationKey } from '../i18n/keys';
import type { Language } from '../i18n/languages';
import { formatNumber } from './format';

/**
 * The one way translated text reaches code that runs in a browser (islands, the page's
 * client scripts, the extension): a `Strings` bundle, the flat `namespace:path` texts one
 * part needs in one language, read through `translator`. The server builds each bundle from
 * the locale files (`stringsFor` in src/server/i18n.ts); the extension builds its own from
 * the same files at build time. No browser code downloads translation files or runs i18next.
 *
 * A bundle holds what its `StringsSpec` includes. Which spec each browser file reads is one
 * table (`STRING_SPECS` in ./string-specs.ts); tests/unit/i18n-keys.test.ts proves that every
 * key a file uses is in its spec's bundle, in both languages, with the values it interpolates.
 */

/** Where unqualified keys resolve: a namespace (`review:`) or the library section of the dashboard's. */
export type Scope = `${Namespace}:` | 'dashboard:library.';

/** The keys a scope lets a caller write without their namespace. */
export type ScopedKey<S extends Scope> = S extends `${infer N extends Namespace}:` ? KeyIn<N> : Leaves<Resources['dashboard']['library']>;

/** A key of the scope, or any key with its namespace: a misspelt key does not compile. */
export type StringKey<S extends Scope> = ScopedKey<S> | TranslationKey;

export type StringValues = Record<string, string | number | undefined> & { count?: number; defaultValue?: string };

export type T<S extends Scope = 'common:'> = (key: StringKey<S>, values?: StringValues) => string;

/** What one part's bundle holds: its scope, and the key prefixes (`review:`, `common:toasts.`, a whole key) it includes. */
export interface StringsSpec<S extends Scope = Scope> {
  scope: S;
  include: readonly string[];
}

export interface Strings<S extends Scope = Scope> {
  lng: Language;
  scope: S;
  /** `namespace:path` → text; plural forms keep their suffix (`uses_one`, `uses_other`). */
  text: Readonly<Record<string, string>>;
}

type Tree = { [key: string]: string | Tree };

/** Every string of some namespaces' trees as `namespace:path` entries. */
export function flatten(namespaces: Readonly<Record<string, unknown>>): Record<string, string> {
  const out: Record<string, string> = {};
  const walk = (node: Tree, prefix: string) => {
    for (const [key, value] of Object.entries(node)) {
      if (typeof value === 'string') out[prefix + key] = value;
      else walk(value, `${prefix}${key}.`);
    }
  };
  for (const [ns, tree] of Object.entries(namespaces)) walk(tree as Tree, `${ns}:`);
  return out;
}

/**
 * The entries of a flat table a spec includes. A prefix ending in `:` or `.` takes a subtree;
 * any other names one key and its plural forms.
 */
export function pick(flat: Readonly<Record<string, string>>, spec: StringsSpec): Record<string, string> {
  const wanted = (key: string) =>
    spec.include.some((prefix) =>
      /[:.]$/.test(prefix) ? key.startsWith(prefix) : key === prefix || (key.startsWith(`${prefix}_`) && !key.slice(prefix.length + 1).includes('.')),
    );
  return Object.fromEntries(Object.entries(flat).filter(([key]) => wanted(key)));
}

const pluralRulesByLanguage = new Map<Language, Intl.PluralRules>();

/** One `Intl.PluralRules` per language: building one takes about 30 µs, and a list page makes a translator per island. */
function pluralRules(lng: Language): Intl.PluralRules {
  let rules = pluralRulesByLanguage.get(lng);
  if (!rules) pluralRulesByLanguage.set(lng, (rules = new Intl.PluralRules(lng)));
  return rules;
}

/**
 * The values that are amounts: written with the language's digit grouping ("5,000 characters"),
 * where ids, versions, years and line numbers keep their plain digits ("prompt #1234").
 */
const AMOUNTS = new Set(['count', 'limit', 'total', 'shown', 'saved', 'new', 'duplicate', 'invalid', 'removed', 'kept', 'more', 'applied']);

/** `{{name}}` in a text, replaced by its value (React and Astro escape what they render; nothing here does). */
function interpolate(text: string, values: StringValues, lng: Language): string {
  return text.replace(/\{\{\s*(\w+)\s*\}\}/g, (whole, name: string) => {
    const value = values[name];
    if (value === undefined) return whole;
    return typeof value === 'number' && AMOUNTS.has(name) ? formatNumber(value, lng) : String(value);
  });
}

/**
 * `t(key, values)` over a bundle: an unqualified key is read in the bundle's scope; `count`
 * picks the language's plural form (`_one`, `_other`); `defaultValue` stands in for a key the
 * bundle lacks (category names that are data). A key that is still missing renders as itself,
 * which the keys test makes impossible for literal keys.
 */
export function translator<S extends Scope>(strings: Strings<S>): T<S> {
  const plural = pluralRules(strings.lng);
  return (key, values = {}) => {
    const full: string = key.includes(':') ? key : `${strings.scope}${key}`;
    const counted = typeof values.count === 'number' ? (strings.text[`${full}_${plural.select(values.count)}`] ?? strings.text[`${full}_other`]) : undefined;
    const text = counted ?? strings.text[full] ?? values.defaultValue ?? full;
    return interpolate(text, values, strings.lng);
  };
}
