import { requestPasswordLink } from '../../../../modules/accounts';
import { AUTH_MESSAGES, forgotPasswordRequest } from '../../../../modules/accounts/contracts';
import { json, metadataFor, readBody } from '../../../server/http';
import { accountLink, sendAccountMail } from '../../../server/mail';
import { renderMail } from '../../../server/mail/templates';
import { clientIp } from '../../../server/rate-limit';
import { authEndpoint, holdUntil } from './_shared';

/** Emails a single-use reset link if the address is registered; answers identically either way. */
export const POST = authEndpoint(async (context) => {
  const { email } = await readBody(context.request, forgotPasswordRequest);
  const started = Date.now();
  const { app } = context.locals;
  await app.limiter.hit('forgot', { ip: clientIp(context, app.config.trustProxy), account: email });
  const { outcome } = await requestPasswordLink(app.store, email, metadataFor(context));
  if (outcome.kind === 'issued') {
    const link = accountLink(app.config.publicUrl, outcome.email, outcome.link.token);
    await sendAccountMail(app, outcome.link.purpose, context.locals.lng, outcome, link).catch((error) =>
      console.error('[promptory] reset email failed', error),
    );
  } else {
    // Nobody to write to: render the message anyway, so both paths do comparable work.
    renderMail('reset', context.locals.lng, email, accountLink(app.config.publicUrl, email, 'x'.repeat(43)));
  }
  await holdUntil(started, app.config.authMinResponseMs);
  return json({ ok: true, message: AUTH_MESSAGES.resetRequested });
});
