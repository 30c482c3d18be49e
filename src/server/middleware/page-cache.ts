import { defineMiddleware } from 'astro:middleware';
import { markDataChanged } from '../page-cache';
import { applyValidators } from '../page-validators';

/**
 * On the way out: pages that marked themselves cacheable get ETag, Cache-Control and Vary,
 * and a matching If-None-Match gets 304 (src/server/page-validators.ts). It runs after the
 * session middleware has set `locals.user`, so a signed-in user's page is never shared.
 */
export const pageCache = defineMiddleware(async (context, next) => {
  const response = await next();
  // A write through this process: cached pages are checked against the catalog again.
  const method = context.request.method.toUpperCase();
  if (method !== 'GET' && method !== 'HEAD') markDataChanged();
  return applyValidators(context.request, response, {
    personalised: Boolean(context.locals.user),
    key: context.locals.pageCacheKey,
  });
});
