import { isSignInRefused, signIn } from '../../../../modules/accounts';
import { loginRequest } from '../../../../modules/accounts/contracts';
import { json, metadataFor, readBody } from '../../../server/http';
import { clientIp } from '../../../server/rate-limit';
import { loadSessionUser, sessionToken, setSessionCookie } from '../../../server/sessions';
import { authEndpoint, holdUntil, sleep } from './_shared';

/**
 * Password sign-in: a new session on every sign-in (the browser's previous one ends).
 * The attempt is counted before the password is checked, so concurrent guesses cannot slip
 * past the limit; a success takes it back (src/server/rate-limit.ts).
 */
export const POST = authEndpoint(async (context) => {
  const body = await readBody(context.request, loginRequest);
  const started = Date.now();
  const { app } = context.locals;
  const { limiter, sessions } = app;
  const subject = { ip: clientIp(context, app.config.trustProxy), account: body.email };
  const { slowDownMs } = await limiter.attempt('login', subject);
  await sleep(slowDownMs);
  let result;
  try {
    result = await signIn(app.store, sessions, body, metadataFor(context));
  } catch (error) {
    if (isSignInRefused(error)) await holdUntil(started, app.config.authMinResponseMs);
    throw error;
  }
  await limiter.succeeded('login', subject);
  const previous = sessionToken(context);
  if (previous) await sessions.invalidate(previous);
  setSessionCookie(context, app, result.session);
  await app.settle(result);
  const user = await loadSessionUser(app, result.userId);
  context.locals.user = user;
  await holdUntil(started, app.config.authMinResponseMs);
  return json({ user });
});
