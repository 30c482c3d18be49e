import type { MiddlewareHandler } from 'astro';
import { applyValidators, cachedPageHit } from '../page-validators';

/**
 * Serves a stored public page before the session is resolved. Cached pages are the same
 * bytes for everyone (personal parts are islands that call the API, where the session is
 * checked), so a signed-in user's hit needs no session lookup and costs what a visitor's
 * does. A miss goes on to the session and the page, which renders and stores it.
 */
export const cachedPages: MiddlewareHandler = async (context, next) => {
  const method = context.request.method.toUpperCase();
  if (method !== 'GET' && method !== 'HEAD') return next();
  const hit = await cachedPageHit(context);
  return hit ? applyValidators(context.request, hit) : next();
};
