import type { MiddlewareHandler } from 'astro';
import { databaseUnavailableJson } from '../http';
import { isDatabaseUnavailable, UNAVAILABLE_RETRY_AFTER } from '../db/unavailable';
import { escapeHtml, unavailableText } from '../unavailable-page';

/**
 * The outermost middleware: while the database is away (restarting, failing over) a request
 * that needed it is answered at once with 503 and Retry-After: JSON under /api and for list
 * fragments, a small friendly page elsewhere; never a 500 and never a hang. Everything else
 * that throws goes on to Astro's own error handling.
 */
export const unavailable: MiddlewareHandler = async (context, next) => {
  try {
    return await next();
  } catch (error) {
    if (!isDatabaseUnavailable(error)) throw error;
    const { pathname } = new URL(context.request.url);
    if (pathname.startsWith('/api/') || pathname.startsWith('/fragments/')) return databaseUnavailableJson(context.locals.requestId, error);
    console.error(`[promptory] page ${pathname}: database unavailable`);
    const text = unavailableText(context.locals.lng);
    const html = `<!doctype html><html lang="${escapeHtml(text.lang)}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${escapeHtml(text.title)}</title></head><body style="font-family:system-ui,sans-serif;max-width:36rem;margin:4rem auto;padding:0 1rem;line-height:1.5"><h1>${escapeHtml(text.title)}</h1><p>${escapeHtml(text.body)}</p><p><a href="">${escapeHtml(text.retry)}</a></p></body></html>`;
    return new Response(html, {
      status: 503,
      headers: { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store', 'retry-after': String(UNAVAILABLE_RETRY_AFTER) },
    });
  }
};
