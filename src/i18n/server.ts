import i18next, { type TOptions } from 'i18next';
import type { SubtreeKey, TranslationKey } from './keys';
import type { Translate } from '../ui/t';
import { flatten, pick, type Scope, type Strings, type StringsSpec } from '../shared/strings';
import { FALLBACK_LANGUAGE, LANGUAGES, type Language } from './languages';

/**
 * One i18next instance for the whole server, with every namespace bundled at build time.
 * Each request gets its own fixed `t` (getFixedT), so concurrent requests in two
 * languages never see each other's language (the reason we do not use astro-i18next).
 *
 * Namespaces are the JSON files in ./locales/<lng>/<ns>.json; add a file to add one.
 */
const files = import.meta.glob<Record<string, unknown>>('./locales/*/*.json', { eager: true, import: 'default' });

export const resources: Record<string, Record<string, Record<string, unknown>>> = {};
for (const [path, messages] of Object.entries(files)) {
  const [, lng, ns] = /\.\/locales\/([^/]+)\/([^/]+)\.json$/.exec(path)!;
  (resources[lng] ??= {})[ns] = messages;
}

const instance = i18next.createInstance();
await instance.init({
  resources,
  supportedLngs: [...LANGUAGES],
  fallbackLng: FALLBACK_LANGUAGE,
  defaultNS: 'common',
  ns: Object.keys(resources[FALLBACK_LANGUAGE] ?? { common: {} }),
  interpolation: { escapeValue: false },
  initAsync: false,
});

/**
 * The request's `t`, fixed to one language, with the keys of the English files as its type
 * (a misspelt key does not compile, also in .astro files under `astro check`); keys may name
 * a namespace: t('auth:login.title'). It is the UI kit's `Translate` too.
 */
export type ServerT = ((key: TranslationKey, options?: TOptions) => string) & Translate;

export function getT(lng: Language): ServerT {
  let t = fixedTs.get(lng);
  if (!t) fixedTs.set(lng, (t = remembered(instance.getFixedT(lng) as unknown as ServerT)));
  return t;
}

const fixedTs = new Map<Language, ServerT>();
/** Bounds the texts remembered per language; the keys are the code's own, far fewer. */
const REMEMBERED_TEXTS = 10_000;

/**
 * `t` that remembers what a key without options gives: the resources never change after
 * start, and looking a key up through i18next (namespaces, fallbacks, nesting) was a few
 * per cent of a page's render time (docs/benchmarks.md).
 */
function remembered(t: ServerT): ServerT {
  const texts = new Map<string, string>();
  return ((key: TranslationKey, options?: TOptions) => {
    if (options !== undefined) return t(key, options);
    let text = texts.get(key);
    if (text === undefined) {
      text = t(key);
      if (texts.size < REMEMBERED_TEXTS) texts.set(key, text);
    }
    return text;
  }) as ServerT;
}

/** Every string of a language as `namespace:path`, English filling what a language lacks. */
const flatByLanguage = new Map(LANGUAGES.map((lng) => [lng, { ...flatten(resources[FALLBACK_LANGUAGE] ?? {}), ...flatten(resources[lng] ?? {}) }]));
const bundles = new Map<string, Strings>();

/**
 * The bundle of strings one browser part reads (src/shared/strings.ts), built once per
 * language and spec: pages hand the same object to every island that shares a spec.
 */
export function stringsFor<S extends Scope>(lng: Language, spec: StringsSpec<S>): Strings<S> {
  const cacheKey = `${lng}\n${spec.scope}\n${spec.include.join('\n')}`;
  let bundle = bundles.get(cacheKey);
  if (!bundle) {
    bundle = { lng, scope: spec.scope, text: pick(flatByLanguage.get(lng)!, spec) };
    bundles.set(cacheKey, bundle);
  }
  return bundle as Strings<S>;
}

/** What i18next's own `escapeValue` replaces. */
const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;', '/': '&#x2F;' };
const escapeHtml = (value: string) => value.replace(/[&<>"'/]/g, (c) => HTML_ESCAPES[c]);
/** Options i18next reads itself: never interpolated into the text, so never escaped. */
const I18NEXT_OPTIONS = new Set(['returnObjects', 'count', 'context', 'defaultValue', 'lng', 'lngs', 'ns', 'ordinal', 'joinArrays', 'postProcess']);
/** Translations without interpolated values, by language and key (the resources never change after start). */
const plainHtml = new Map<ServerT, Map<string, unknown>>();

/**
 * A translation meant for `set:html` (it carries markup such as <code>): the translation's own
 * markup is trusted, every interpolated value is HTML-escaped. The instance keeps
 * `escapeValue: false` because Astro escapes `{t(...)}` itself; `set:html` does not, so every
 * `set:html` of a translation goes through here (tests/unit/site-i18n.test.ts checks). The
 * values are escaped here, as i18next would: asking i18next to escape per call rebuilt its
 * interpolator's patterns on every call (15% of the privacy page's render time).
 */
export function tHtml<T = string>(t: ServerT, key: TranslationKey | SubtreeKey, options: Record<string, unknown> = {}): T {
  const values = Object.keys(options).filter((name) => !I18NEXT_OPTIONS.has(name));
  if (values.length === 0) {
    const cacheKey = `${key}\n${JSON.stringify(options)}`;
    let texts = plainHtml.get(t);
    if (!texts) plainHtml.set(t, (texts = new Map()));
    if (!texts.has(cacheKey)) texts.set(cacheKey, t(key as TranslationKey, options));
    return texts.get(cacheKey) as T;
  }
  const escaped = Object.fromEntries(
    Object.entries(options).map(([name, value]) => [name, typeof value === 'string' && !I18NEXT_OPTIONS.has(name) ? escapeHtml(value) : value]),
  );
  return t(key as TranslationKey, escaped) as T;
}
