import { isLinkRefused, setPassword } from '../../../../modules/accounts';
import { setPasswordRequest } from '../../../../modules/accounts/contracts';
import { getApp } from '../../../server/app';
import { json, metadataFor, readBody } from '../../../server/http';
import { accountsFor, loadSessionUser, setSessionCookie } from '../../../server/middleware/session';
import { clientIp } from '../../../server/rate-limit';
import { authEndpoint, holdUntil, sleep } from './_shared';

/**
 * Sets the password from an emailed link (email + token) and signs the user in; every
 * other session of the account ends. A used, replaced or expired link is refused (400).
 */
export const POST = authEndpoint(async (context) => {
  const body = await readBody(context.request, setPasswordRequest);
  const started = Date.now();
  const app = await getApp();
  const { limiter, sessions } = accountsFor(app);
  const subject = { ip: clientIp(context, app.config.trustProxy), account: body.email };
  const { slowDownMs } = await limiter.attempt('set_password', subject);
  await sleep(slowDownMs);
  let result;
  try {
    result = await setPassword(app.store, sessions, body, metadataFor(context));
  } catch (error) {
    if (isLinkRefused(error)) await holdUntil(started, app.config.authMinResponseMs);
    throw error;
  }
  await limiter.succeeded('set_password', subject);
  setSessionCookie(context, app, result.session);
  await app.settle(result);
  const user = await loadSessionUser(app, result.userId);
  context.locals.user = user;
  return json({ user });
});
