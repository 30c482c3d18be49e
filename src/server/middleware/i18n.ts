import { defineMiddleware } from 'astro:middleware';
import { getT } from '../../i18n/server';
import { FALLBACK_LANGUAGE, LANGUAGE_COOKIE, normalizeLanguage } from '../../i18n/languages';

const ONE_YEAR = 60 * 60 * 24 * 365;

/**
 * Chooses the request's language in i18next's detection order, as far as a
 * server can see: query `lng`, cookie `i18next`, then Accept-Language; fallback en.
 * (Local and session storage are read by the head script, which mirrors them into the cookie.)
 *
 * A valid `?lng=` also sets the cookie, so the language menu works without JavaScript.
 */
export const i18n = defineMiddleware(async (context, next) => {
  const url = context.url;
  const fromHeader = context.request.headers
    .get('accept-language')
    ?.split(',')
    .map((part) => normalizeLanguage(part.split(';')[0].trim()))
    .find(Boolean);
  const fromQuery = normalizeLanguage(url.searchParams.get('lng'));
  const fromCookie = normalizeLanguage(context.cookies.get(LANGUAGE_COOKIE)?.value);
  const lng = fromQuery ?? fromCookie ?? fromHeader ?? FALLBACK_LANGUAGE;
  context.locals.lng = lng;
  context.locals.t = getT(lng);
  if (fromQuery && fromQuery !== fromCookie) {
    context.cookies.set(LANGUAGE_COOKIE, fromQuery, { path: '/', maxAge: ONE_YEAR, sameSite: 'lax', httpOnly: false });
  }
  return next();
});
