import type { APIContext, MiddlewareNext } from 'astro';
import { findAccessToken, TOKEN_MESSAGES } from '../../modules/tokens';
import { deviceMayCall } from '../shared/api-routes';
import { errorJson } from './http';
import { loadSessionUser } from './sessions';

/**
 * A personal access token on the REST API (`Authorization: Bearer pat_…`): the same scope as
 * an extension device (the routes declared `device: true`: `deviceMayCall`), and a `read`
 * token only their GETs. Anything else answers 403 before it runs. Like a device, a token
 * never acts as the admin, and `web-user` routes (managing tokens and devices) refuse it.
 * An unknown, revoked or expired token leaves the request anonymous (401 where it matters).
 */
export async function tokenSession(context: Pick<APIContext, 'request' | 'url' | 'locals'>, next: MiddlewareNext, bearer: string): Promise<Response> {
  const { method } = context.request;
  const read = method === 'GET' || method === 'HEAD';
  if (!deviceMayCall(read ? 'GET' : method, context.url.pathname)) return errorJson(403, TOKEN_MESSAGES.outOfScope);
  const { app } = context.locals;
  const token = await findAccessToken(app.db, bearer);
  if (token && token.scope === 'read' && !read) return errorJson(403, TOKEN_MESSAGES.readOnly);
  const user = token && (await loadSessionUser(app, token.userId));
  if (token && user) {
    context.locals.user = { ...user, isAdmin: false };
    context.locals.accessTokenId = token.tokenId;
  }
  return next();
}
