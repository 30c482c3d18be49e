import { LANGUAGES, type Language } from '../../i18n/languages';

/** The current page with `?lng=` for each language: the language menu works without JavaScript. */
export function languageHrefs(current: URL): Record<Language, string> {
  const href = (code: Language) => {
    const url = new URL(current);
    url.searchParams.set('lng', code);
    url.searchParams.delete('page');
    return `${url.pathname}${url.search}`;
  };
  return Object.fromEntries(LANGUAGES.map((code) => [code, href(code)])) as Record<Language, string>;
}
