import { defineMiddleware } from 'astro:middleware';
import { getT } from '../i18n';
import { LANGUAGE_COOKIE } from '../../i18n/languages';
import { requestLanguage } from '../request-language';

const ONE_YEAR = 60 * 60 * 24 * 365;

/**
 * Chooses the request's language (src/server/request-language.ts: query `lng`, cookie
 * `i18next`, then Accept-Language; local and session storage are read by the head script,
 * which mirrors them into the cookie). A valid `?lng=` also sets the cookie, so the language
 * menu works without JavaScript.
 */
export const i18n = defineMiddleware(async (context, next) => {
  const { lng, setsCookie } = requestLanguage(
    context.url.searchParams.get('lng'),
    context.cookies.get(LANGUAGE_COOKIE)?.value,
    context.request.headers.get('accept-language'),
  );
  context.locals.lng = lng;
  context.locals.t = getT(lng);
  if (setsCookie) context.cookies.set(LANGUAGE_COOKIE, lng, { path: '/', maxAge: ONE_YEAR, sameSite: 'lax', httpOnly: false });
  return next();
});
