import { defineMiddleware } from 'astro:middleware';
import { markDataChanged } from '../page-cache';
import { applyValidators } from '../page-validators';

/**
 * On the way out: pages that marked themselves cacheable get ETag, Cache-Control and Vary,
 * and a matching If-None-Match gets 304 (src/server/page-validators.ts). Pages that mark
 * themselves cacheable render nothing personal (the viewer's parts are islands), so they are
 * shared by visitors and signed-in users; private pages (dashboard) never mark themselves.
 */
export const pageCache = defineMiddleware(async (context, next) => {
  const response = await next();
  // A write through this process: cached pages are checked against the catalog again.
  const method = context.request.method.toUpperCase();
  if (method !== 'GET' && method !== 'HEAD') markDataChanged();
  // Pages marked cacheable render nothing personal (personal parts are islands), so one
  // entry serves everyone; the key travels in locals, never in a header.
  return applyValidators(context.request, response, { personalised: false, key: context.locals.pageCacheKey });
});
