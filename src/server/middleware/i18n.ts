import { defineMiddleware } from 'astro:middleware';
import { getT } from '../../i18n/server';
import { FALLBACK_LANGUAGE, LANGUAGE_COOKIE, normalizeLanguage } from '../../i18n/languages';

/**
 * Chooses the request's language the way the spec's detector orders it, as far as a
 * server can see: query `lng`, cookie `i18next`, then Accept-Language; fallback en.
 * (Local and session storage are read by the client script, which mirrors them into the cookie.)
 */
export const i18n = defineMiddleware((context, next) => {
  const url = context.url;
  const fromHeader = context.request.headers
    .get('accept-language')
    ?.split(',')
    .map((part) => normalizeLanguage(part.split(';')[0].trim()))
    .find(Boolean);
  const lng =
    normalizeLanguage(url.searchParams.get('lng')) ??
    normalizeLanguage(context.cookies.get(LANGUAGE_COOKIE)?.value) ??
    fromHeader ??
    FALLBACK_LANGUAGE;
  context.locals.lng = lng;
  context.locals.t = getT(lng);
  return next();
});
