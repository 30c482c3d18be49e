import type { APIContext, MiddlewareNext } from 'astro';
import { DEVICE_REFUSALS, findDevice } from '../../../modules/devices';
import { findAccessToken, isAccessToken, TOKEN_REFUSALS } from '../../../modules/tokens';
import type { Sql } from '../../../events';
import { deviceMayCall } from '../../shared/api-routes';
import { errorJson } from '../http';
import { loadSessionUser } from './sessions';

/**
 * `Authorization: Bearer <secret>`: the extension's device token or a personal access token.
 * The extension sends no cookies (`credentials: 'omit'`), and a browser never attaches this
 * header on its own, so a bearer request cannot be forged cross-site: the site's CSRF check
 * for web pages stays as is.
 */
export function bearerToken(request: Request): string | null {
  const header = request.headers.get('authorization');
  const match = header && /^Bearer\s+(\S+)$/i.exec(header);
  return match ? match[1] : null;
}

interface Credential {
  userId: number;
  /** May only read (GET and HEAD). */
  readOnly: boolean;
  /** Marks the request as this credential's (a device's sign-out revokes its own). */
  mark(locals: App.Locals): void;
}

/** The two kinds of bearer credential (events/bearer.ts), told apart by the access token's prefix. */
const KINDS = [
  {
    is: isAccessToken,
    outOfScope: TOKEN_REFUSALS.outOfScope,
    async find(db: Sql, secret: string): Promise<Credential | null> {
      const token = await findAccessToken(db, secret);
      return token && { userId: token.userId, readOnly: token.scope === 'read', mark: (locals) => (locals.accessTokenId = token.tokenId) };
    },
  },
  {
    is: () => true,
    outOfScope: DEVICE_REFUSALS.outOfScope,
    async find(db: Sql, secret: string): Promise<Credential | null> {
      const device = await findDevice(db, secret);
      return device && { userId: device.userId, readOnly: false, mark: (locals) => (locals.deviceId = device.deviceId) };
    },
  },
];

/**
 * Resolves a bearer credential to its user for the calls a device may make (the routes
 * declared `device: true`: `deviceMayCall`), and a read-only access token only their GETs;
 * anything else answers 403 before it runs, so a stolen secret cannot reach admin, collections
 * or account changes, and `web-user` routes (managing tokens and devices) refuse it. A
 * credential acts as its user, never as the admin: review stays on the website. An unknown,
 * revoked or expired one leaves the request anonymous (401 where it matters).
 */
export async function bearerSession(context: Pick<APIContext, 'request' | 'url' | 'locals'>, next: MiddlewareNext, secret: string): Promise<Response> {
  const kind = KINDS.find((k) => k.is(secret))!;
  const { method } = context.request;
  const read = method === 'GET' || method === 'HEAD';
  if (!deviceMayCall(read ? 'GET' : method, context.url.pathname)) return errorJson(403, kind.outOfScope);
  const { app } = context.locals;
  const credential = await kind.find(app.db, secret);
  if (credential?.readOnly && !read) return errorJson(403, TOKEN_REFUSALS.readOnly);
  const user = credential && (await loadSessionUser(app, credential.userId));
  if (credential && user) {
    context.locals.user = { ...user, isAdmin: false };
    credential.mark(context.locals);
  }
  return next();
}
