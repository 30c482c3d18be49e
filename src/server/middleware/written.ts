import type { MiddlewareHandler } from 'astro';
import { formatWritten, mergeWritten, parseWritten, WRITTEN_COOKIE, WRITTEN_COOKIE_SECONDS } from '../freshness';
import { secureCookies } from '../accounts/sessions';

/**
 * Read-your-writes across requests (src/server/freshness.ts). A successful write that fed read
 * models answers with the `written` cookie (its position and those read models, merged with the
 * writer's previous one); a write that fed none (or settled nothing: registration, a reset
 * link, whose log moves only for a registered address) sets nothing, so the cookie never tells
 * one caller from another. A read carrying the cookie waits until every read model it names
 * holds the write, except a cached page's, which waited for the ones it reads (cachedPages).
 */
export const written: MiddlewareHandler = async (context, next) => {
  const { app } = context.locals;
  const carried = parseWritten(context.cookies.get(WRITTEN_COOKIE)?.value);
  if (context.request.method === 'GET' || context.request.method === 'HEAD') {
    if (carried && !context.locals.pageCacheSlot) await app.freshness.wait(carried);
    return next();
  }
  const response = await next();
  const own = context.locals.written;
  if (own && response.status < 400) {
    context.cookies.set(WRITTEN_COOKIE, formatWritten(mergeWritten(carried, own)), {
      path: '/',
      maxAge: WRITTEN_COOKIE_SECONDS,
      httpOnly: true,
      sameSite: 'lax',
      secure: secureCookies(context, app),
    });
  }
  return response;
};
