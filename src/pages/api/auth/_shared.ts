import type { APIRoute } from 'astro';
import { errorResponse } from '../../../server/http';

/**
 * Helpers for /api/auth/* (the leading underscore keeps this file out of the routes).
 *
 * Every answer that could depend on whether an address is registered (register, forgot,
 * login, set-password) is held until at least Config.authMinResponseMs (AUTH_MIN_RESPONSE_MS,
 * default 250 ms) after validation passed, on top of doing the same work either way, so
 * timing does not tell.
 */

export async function sleep(ms: number): Promise<void> {
  if (ms > 0) await new Promise((r) => setTimeout(r, ms));
}

export async function holdUntil(startedAt: number, minMs: number): Promise<void> {
  await sleep(startedAt + minMs - Date.now());
}

/** Like `endpoint`, plus Retry-After on 429 answers. */
export function authEndpoint(handler: APIRoute): APIRoute {
  return async (context) => {
    try {
      return await handler(context);
    } catch (error) {
      const response = errorResponse(error, context.locals.requestId);
      const retryAfter = (error as { retryAfter?: number } | null)?.retryAfter;
      if (response.status === 429 && retryAfter) response.headers.set('retry-after', String(retryAfter));
      return response;
    }
  };
}
