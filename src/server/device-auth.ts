import type { APIContext, MiddlewareNext } from 'astro';
import { DEVICE_MESSAGES, findDevice } from '../../modules/devices';
import { deviceMayCall } from '../shared/api-routes';
import { errorJson } from './http';
import { loadSessionUser } from './sessions';

/**
 * The extension's credential: `Authorization: Bearer <device token>`. The extension sends no
 * cookies (`credentials: 'omit'`), and a browser never attaches this header on its own, so a
 * bearer request cannot be forged cross-site: the site's CSRF check for web pages stays as is.
 */
export function bearerToken(request: Request): string | null {
  const header = request.headers.get('authorization');
  const match = header && /^Bearer\s+(\S+)$/i.exec(header);
  return match ? match[1] : null;
}

/**
 * Resolves a device token to its user for the calls a device may make (`deviceMayCall`);
 * anything else answers 403, so a stolen token cannot reach admin, collections or account
 * changes. An unknown or revoked token leaves the request anonymous (401 where it matters).
 */
export async function deviceSession(context: Pick<APIContext, 'request' | 'url' | 'locals'>, next: MiddlewareNext, token: string): Promise<Response> {
  if (!deviceMayCall(context.request.method, context.url.pathname)) return errorJson(403, DEVICE_MESSAGES.outOfScope);
  const { app } = context.locals;
  const device = await findDevice(app.db, token);
  const user = device && (await loadSessionUser(app, device.userId));
  if (device && user) {
    // A device acts as the user, never as the admin: review stays on the website.
    context.locals.user = { ...user, isAdmin: false };
    context.locals.deviceId = device.deviceId;
  }
  return next();
}
