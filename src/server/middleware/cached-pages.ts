import type { MiddlewareHandler } from 'astro';

/**
 * Serves a stored public page before the session is resolved, so a signed-in user's hit
 * costs what a visitor's does; a miss goes on to the session and the page (app.pageCache).
 * Most hits never reach Astro (the Node server answers them: src/server/page-cache/fast-pages.ts); what
 * comes here is what it leaves: a writer's read of a page that reads what it wrote (the
 * `written` cookie), a URL Astro normalises, a request before the app had booted, and every miss.
 */
export const cachedPages: MiddlewareHandler = (context, next) => context.locals.app.pageCache.serveStored(context, next);
