import type { MiddlewareHandler } from 'astro';
import { catalogVersion, formatCheckpoint, parseCheckpoint, WRITTEN_COOKIE } from '../page-cache';
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
 * A successful write answers with the log's head after it (WRITTEN_COOKIE), so the writer's
 * next reads, pages and API alike, come from a catalog that holds the write
 * (src/server/page-cache.ts); the write itself does not wait for the catalog.
 */
export const pageCache: MiddlewareHandler = async (context, next) => {
  const method = context.request.method.toUpperCase();
  const reading = method === 'GET' || method === 'HEAD';
  // A writer's reads (pages and API alike) see the catalog at least where its write left the log.
  const written = reading ? parseCheckpoint(context.cookies.get(WRITTEN_COOKIE)?.value) : null;
  if (written) await catalogVersion(context.locals.app, written);
  const response = await next();
  if (!reading && response.status < 400) {
    const checkpoint = await context.locals.app.store.head();
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
};
