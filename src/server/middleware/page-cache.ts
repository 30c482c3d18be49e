import type { MiddlewareHandler } from 'astro';

/** On the way out: stores the pages that declared themselves cacheable and adds their validators (304 on a current If-None-Match) (app.pageCache). */
export const pageCache: MiddlewareHandler = (context, next) => context.locals.app.pageCache.finish(context, next);
