import { AUTH_MESSAGES } from '../../../../modules/accounts/contracts';
import { getApp } from '../../../server/app';
import { endpoint, json } from '../../../server/http';
import { accountsFor, clearSessionCookie, sessionToken } from '../../../server/middleware/session';

/** Ends the session on the server (the token stops working everywhere) and clears the cookie. */
export const POST = endpoint(async (context) => {
  const app = await getApp();
  const token = sessionToken(context);
  if (token) await accountsFor(app).sessions.invalidate(token);
  clearSessionCookie(context, app);
  context.locals.user = null;
  return json({ ok: true, message: AUTH_MESSAGES.loggedOut });
});
