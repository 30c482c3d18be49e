import { accountRoutes } from '../../../../modules/accounts/routes';
import { register } from '../../../../modules/accounts';
import { AUTH_MESSAGES } from '../../../../modules/accounts/contracts';
import { accountLink, sendAccountMail } from '../../../server/mail';
import { clientIp } from '../../../server/rate-limit';
import { serve } from '../../../server/route';
import { logError } from '../../../server/log';
import { holdUntil } from '../../../server/accounts/auth-timing';

/**
 * Registration (no password): emails a set-password link. The answer is the same whether
 * the address is new or already registered; the owner of an existing address is emailed
 * instead (a fresh link if they never set a password, else a notice). Registration does not sign in.
 */
export const POST = serve(accountRoutes.register, async ({ body, app, context, metadata }) => {
  const started = Date.now();
  await app.limiter.hit('register', { ip: clientIp(context, app.config.trustProxy), account: body.email });
  const { outcome } = await register(app.store, body, metadata);
  const to = { email: outcome.email, name: outcome.name };
  const mail =
    outcome.kind === 'exists'
      ? sendAccountMail(app, 'already-registered', context.locals.lng, to, new URL('/auth', app.config.publicUrl).toString())
      : sendAccountMail(app, outcome.link.purpose, context.locals.lng, to, accountLink(app.config.publicUrl, outcome.email, outcome.link.token));
  await mail.catch((error) => logError('registration email failed', error));
  await holdUntil(started, app.config.authMinResponseMs);
  return { ok: true, message: AUTH_MESSAGES.registered };
});
