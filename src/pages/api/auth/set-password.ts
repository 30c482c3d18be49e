import { accountRoutes } from '../../../../modules/accounts/routes';
import { isLinkRefused, setPassword } from '../../../../modules/accounts';
import { clientIp } from '../../../server/rate-limit';
import { serve } from '../../../server/route';
import { loadSessionUser, setSessionCookie } from '../../../server/sessions';
import { holdUntil, sleep } from '../../../server/auth-timing';

/**
 * Sets the password from an emailed link (email + token) and signs the user in; every
 * other session of the account ends. A used, replaced or expired link is refused (400).
 */
export const POST = serve(accountRoutes.setPassword, async ({ body, app, context, metadata, settle }) => {
  const started = Date.now();
  const { limiter, sessions } = app;
  const subject = { ip: clientIp(context, app.config.trustProxy), account: body.email };
  const { slowDownMs } = await limiter.attempt('set_password', subject);
  await sleep(slowDownMs);
  let result;
  try {
    result = await setPassword(app.store, sessions, body, metadata);
  } catch (error) {
    if (isLinkRefused(error)) await holdUntil(started, app.config.authMinResponseMs);
    throw error;
  }
  await limiter.succeeded('set_password', subject);
  setSessionCookie(context, app, result.session);
  await settle(result);
  const user = await loadSessionUser(app, result.userId);
  context.locals.user = user;
  return { user };
});
