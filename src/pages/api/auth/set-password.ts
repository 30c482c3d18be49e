import { accountRoutes } from '../../../../modules/accounts/routes';
import { isLinkRefused, setPassword } from '../../../../modules/accounts';
import { serve } from '../../../server/route';
import { passwordAttempt, startSession } from '../../../server/password-sign-in';

/**
 * Sets the password from an emailed link (email + token) and signs the user in; every
 * other session of the account ends. A used, replaced or expired link is refused (400).
 */
export const POST = serve(accountRoutes.setPassword, async ({ body, app, context, metadata, settle }) => {
  const { result } = await passwordAttempt(app, context, { action: 'set_password', account: body.email, refused: isLinkRefused }, () =>
    setPassword(app.store, app.sessions, body, metadata),
  );
  return { user: await startSession(app, context, result, settle) };
});
