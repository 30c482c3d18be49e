import { AUTH_MESSAGES } from '../../../../modules/accounts/contracts';
import { endpoint, json } from '../../../server/http';
import { clearSessionCookie, sessionToken } from '../../../server/sessions';

/** Ends the session on the server (the token stops working everywhere) and clears the cookie. */
export const POST = endpoint(async (context) => {
  const { app } = context.locals;
  const token = sessionToken(context);
  if (token) await app.sessions.invalidate(token);
  clearSessionCookie(context, app);
  context.locals.user = null;
  return json({ ok: true, message: AUTH_MESSAGES.loggedOut });
});
