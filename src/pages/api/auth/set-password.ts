import { accountRoutes } from '../../../../modules/accounts/routes';
import { isLinkRefused, setPassword } from '../../../../modules/accounts';
import { revokeUserDevices } from '../../../../modules/devices';
import { revokeUserAccessTokens } from '../../../../modules/tokens';
import { serve } from '../../../server/route';
import { passwordAttempt, startSession } from '../../../server/accounts/password-sign-in';

/**
 * Sets the password from an emailed link (email + token) and signs the user in; every
 * other session of the account ends, and so does every extension device it connected and every
 * access token it made (the owner reconnects: whoever knew the old password may have made one). A used, replaced
 * or expired link is refused (400).
 */
export const POST = serve(accountRoutes.setPassword, async ({ body, app, context, metadata, settle }) => {
  const { result } = await passwordAttempt(app, context, { action: 'set_password', account: body.email, refused: isLinkRefused }, () =>
    setPassword(app.store, app.sessions, body, metadata),
  );
  await revokeUserDevices(app.store, result.userId, metadata);
  await revokeUserAccessTokens(app.store, result.userId, metadata);
  return { user: await startSession(app, context, result, settle) };
});
