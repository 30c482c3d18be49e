import { isLinkRefused, setPassword } from '../../../../modules/accounts';
import { setPasswordRequest } from '../../../../modules/accounts/contracts';
import { json, metadataFor, readBody } from '../../../server/http';
import { clientIp } from '../../../server/rate-limit';
import { loadSessionUser, setSessionCookie } from '../../../server/sessions';
import { authEndpoint, holdUntil, sleep } from './_shared';

/**
 * Sets the password from an emailed link (email + token) and signs the user in; every
 * other session of the account ends. A used, replaced or expired link is refused (400).
 */
export const POST = authEndpoint(async (context) => {
  const body = await readBody(context.request, setPasswordRequest);
  const started = Date.now();
  const { app } = context.locals;
  const { limiter, sessions } = app;
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
