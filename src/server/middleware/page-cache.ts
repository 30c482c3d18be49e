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
  // A response that sets a cookie (a renewed session) is the one exception: private, not stored.
  const setsCookie = !context.cookies.headers().next().done;
  return applyValidators(context.request, response, { personalised: setsCookie });
});
