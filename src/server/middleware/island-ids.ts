import type { MiddlewareHandler } from 'astro';
import { numberIslands } from '../render/fragment-cache';

/**
 * Innermost, right after the page: numbers the islands' React id prefixes of every HTML page in
 * document order (`numberIslands`), so a page assembled from cached pieces
 * (src/components/Cached.ts) has unique ones, and the same bytes as the page rendered whole.
 */
export const islandIds: MiddlewareHandler = async (_context, next) => {
  const response = await next();
  if (!response.body || !response.headers.get('content-type')?.startsWith('text/html')) return response;
  const html = numberIslands(await response.text());
  return new Response(html, { status: response.status, statusText: response.statusText, headers: response.headers });
};
