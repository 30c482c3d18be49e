import type { MiddlewareHandler } from 'astro';
import { bearerSession, bearerToken } from '../accounts/bearer-auth';
import { MCP_PATH } from '../mcp/path';
import { clearSessionCookie, sessionToken, setSessionCookie, userOfSession } from '../accounts/sessions';

/**
 * Resolves the request's credential into `locals.user`: a bearer credential, a personal
 * access token or the extension's device token (src/server/accounts/bearer-auth.ts),
 * else the session cookie (src/server/accounts/sessions.ts), renewed when fresh and cleared when it
 * no longer stands for a session. The session and its user's profile are one statement,
 * checked on every request: a signed-out session is refused at once by every process. `/mcp` reads its own bearer token and never the cookie
 * (src/server/mcp/): it is left alone here.
 */
export const session: MiddlewareHandler = async (context, next) => {
  const { app } = context.locals;
  if (context.url.pathname === MCP_PATH) return next();
  const bearer = bearerToken(context.request);
  if (bearer) return bearerSession(context, next, bearer);
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
