import { defineMiddleware } from 'astro:middleware';
import { catalogCheckpoint, formatCheckpoint, WRITTEN_COOKIE } from '../page-cache';
import { applyValidators } from '../page-validators';
import { secureCookies } from '../sessions';

/** Long enough for any reload; after VERSION_TTL_MS every viewer is past it anyway. */
const WRITTEN_COOKIE_SECONDS = 60;

/**
 * On the way out: pages that marked themselves cacheable get ETag, Cache-Control and Vary,
 * and a matching If-None-Match gets 304 (src/server/page-validators.ts). Pages that mark
 * themselves cacheable render nothing personal (the viewer's parts are islands), so they are
 * shared by visitors and signed-in users; private pages (dashboard) never mark themselves.
 *
 * A successful write answers with the catalog checkpoint it reached (WRITTEN_COOKIE), so the
 * writer's next page is rendered from a catalog that holds the write (src/server/page-cache.ts).
 */
export const pageCache = defineMiddleware(async (context, next) => {
  const response = await next();
  const method = context.request.method.toUpperCase();
  if (method !== 'GET' && method !== 'HEAD' && response.status < 400) {
    const checkpoint = await catalogCheckpoint(context.locals.app);
    if (checkpoint) {
      context.cookies.set(WRITTEN_COOKIE, formatCheckpoint(checkpoint), {
        path: '/',
        maxAge: WRITTEN_COOKIE_SECONDS,
        httpOnly: true,
        sameSite: 'lax',
        secure: secureCookies(context, context.locals.app),
      });
    }
  }
  // The cache slot travels in locals, never in a header.
  return applyValidators(context.request, response, context.locals.pageCache);
});
