import type { MiddlewareHandler } from 'astro';
import { bearerToken, deviceSession } from '../device-auth';
import { clearSessionCookie, sessionToken, setSessionCookie, userOfSession } from '../sessions';

/**
 * Resolves the request's credential into `locals.user`: the extension's device token
 * (src/server/device-auth.ts), else the session cookie (src/server/sessions.ts), renewed
 * when fresh and cleared when it no longer stands for a session. The session and its user's
 * profile are one statement (one round trip), checked on every request: a signed-out or
 * revoked session is refused at once by every process.
 */
export const session: MiddlewareHandler = async (context, next) => {
  const { app } = context.locals;
  const bearer = bearerToken(context.request);
  if (bearer) return deviceSession(context, next, bearer);
  const token = sessionToken(context);
  if (token) {
    const info = await app.sessions.validate(token);
    const user = info && (await userOfSession(app, info));
    if (info && user) {
      context.locals.user = user;
      if (info.fresh) setSessionCookie(context, app, info);
    } else {
      clearSessionCookie(context, app);
    }
  }
  return next();
};
