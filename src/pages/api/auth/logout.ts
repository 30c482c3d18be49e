import { AUTH_MESSAGES } from '../../../../modules/accounts/contracts';
import { accountRoutes } from '../../../../modules/accounts/routes';
import { serve } from '../../../server/route';
import { clearSessionCookie, sessionToken } from '../../../server/accounts/sessions';

/** The token stops working everywhere, not only in this browser. */
export const POST = serve(accountRoutes.logout, async ({ app, context }) => {
  const token = sessionToken(context);
  if (token) await app.sessions.invalidate(token);
  clearSessionCookie(context, app);
  context.locals.user = null;
  return { ok: true, message: AUTH_MESSAGES.loggedOut };
});
