import { AUTH_MESSAGES, deleteAccount } from '../../../../modules/accounts';
import { accountRoutes } from '../../../../modules/accounts/routes';
import { forgetUserDevices } from '../../../../modules/devices';
import { forgetAuthorPrompts } from '../../../../modules/prompts';
import { forgetUserAccessTokens } from '../../../../modules/tokens';
import { sleep } from '../../../server/accounts/auth-timing';
import { clientIp } from '../../../server/rate-limit';
import { forgetMail } from '../../../server/mail';
import { serve } from '../../../server/route';
import { clearSessionCookie } from '../../../server/accounts/sessions';

/**
 * Deletes the signed-in account (the profile's "Delete my account"). A wrong password counts
 * as a failed sign-in (the same limits: nobody guesses a password through this door) and
 * changes nothing. Then one transaction ends every unpublished prompt, device and access token and forgets the
 * person (modules/accounts deleteAccount); then the mails to them left in the outbox and this
 * browser's session cookie go.
 */
export const DELETE = serve(accountRoutes.deleteAccount, async ({ body, user, app, context, metadata, settle }) => {
  const subject = { ip: clientIp(context, app.config.trustProxy), account: user.email };
  const { slowDownMs } = await app.limiter.attempt('login', subject);
  await sleep(slowDownMs);
  const appended = await deleteAccount(app.store, user.id, body.password, metadata, [
    (tx) => forgetAuthorPrompts(tx, user.id, metadata),
    (tx) => forgetUserDevices(tx, user.id, metadata),
    (tx) => forgetUserAccessTokens(tx, user.id, metadata),
    (tx) => app.limiter.forgetAccount(tx, [user.email, `user:${user.id}`]),
  ]);
  // Mail already written to the outbox (no SMTP) names them: it goes once the deletion has committed.
  await forgetMail(app, user.email);
  clearSessionCookie(context, app);
  context.locals.user = null;
  await settle(appended);
  return { ok: true, message: AUTH_MESSAGES.accountDeleted };
});
