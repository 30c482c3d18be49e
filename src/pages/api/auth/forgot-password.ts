import { accountRoutes } from '../../../../modules/accounts/routes';
import { requestPasswordLink } from '../../../../modules/accounts';
import { AUTH_MESSAGES } from '../../../../modules/accounts/contracts';
import { accountLink, sendAccountMail } from '../../../server/mail';
import { renderMail } from '../../../server/mail/templates';
import { clientIp } from '../../../server/rate-limit';
import { serve } from '../../../server/route';
import { logError } from '../../../server/log';
import { holdUntil } from '../../../server/accounts/auth-timing';

/** Emails a single-use reset link if the address is registered; answers identically either way. */
export const POST = serve(accountRoutes.forgotPassword, async ({ body: { email }, app, context, metadata }) => {
  const started = Date.now();
  await app.limiter.hit('forgot', { ip: clientIp(context, app.config.trustProxy), account: email });
  const { outcome } = await requestPasswordLink(app.store, email, metadata);
  if (outcome.kind === 'issued') {
    const link = accountLink(app.config.publicUrl, outcome.email, outcome.link.token);
    await sendAccountMail(app, outcome.link.purpose, context.locals.lng, outcome, link).catch((error) => logError('reset email failed', error));
  } else {
    // Nobody to write to: render the message anyway, so both paths do comparable work.
    renderMail('reset', context.locals.lng, email, accountLink(app.config.publicUrl, email, 'x'.repeat(43)));
  }
  await holdUntil(started, app.config.authMinResponseMs);
  return { ok: true, message: AUTH_MESSAGES.resetRequested };
});
