import { FALLBACK_LANGUAGE, normalizeLanguage, type Language } from '../i18n/languages';

/**
 * The request's language in i18next's detection order, as far as a server can see: query
 * `lng`, cookie `i18next`, then Accept-Language; fallback en. `setsCookie`: a valid `?lng=`
 * other than the cookie's is remembered in the cookie (so the language menu works without
 * JavaScript). One function for the i18n middleware and the stored-page fast path, so both
 * choose alike.
 */
export function requestLanguage(query: string | null, cookie: string | undefined, acceptLanguage: string | null): { lng: Language; setsCookie: boolean } {
  const fromQuery = normalizeLanguage(query);
  const fromCookie = normalizeLanguage(cookie);
  const lng =
    fromQuery ??
    fromCookie ??
    acceptLanguage
      ?.split(',')
      .map((part) => normalizeLanguage(part.split(';')[0].trim()))
      .find(Boolean) ??
    FALLBACK_LANGUAGE;
  return { lng, setsCookie: fromQuery !== undefined && fromQuery !== fromCookie };
}
