import type { MiddlewareHandler } from 'astro';

/**
 * Serves a stored public page before the session is resolved, so a signed-in user's hit
 * costs what a visitor's does; a miss goes on to the session and the page (app.pageCache).
 */
export const cachedPages: MiddlewareHandler = (context, next) => context.locals.app.pageCache.serveStored(context, next);
