import { accountRoutes } from '../../../../modules/accounts/routes';
import { isSignInRefused, signIn } from '../../../../modules/accounts';
import { clientIp } from '../../../server/rate-limit';
import { serve } from '../../../server/route';
import { loadSessionUser, sessionToken, setSessionCookie } from '../../../server/sessions';
import { holdUntil, sleep } from '../../../server/auth-timing';

/**
 * Password sign-in: a new session on every sign-in (the browser's previous one ends).
 * The attempt is counted before the password is checked, so concurrent guesses cannot slip
 * past the limit; a success takes it back (src/server/rate-limit.ts).
 */
export const POST = serve(accountRoutes.login, async ({ body, app, context, metadata, settle }) => {
  const started = Date.now();
  const { limiter, sessions } = app;
  const subject = { ip: clientIp(context, app.config.trustProxy), account: body.email };
  const { slowDownMs } = await limiter.attempt('login', subject);
  await sleep(slowDownMs);
  let result;
  try {
    result = await signIn(app.store, sessions, body, metadata);
  } catch (error) {
    if (isSignInRefused(error)) await holdUntil(started, app.config.authMinResponseMs);
    throw error;
  }
  await limiter.succeeded('login', subject);
  const previous = sessionToken(context);
  if (previous) await sessions.invalidate(previous);
  setSessionCookie(context, app, result.session);
  await settle(result);
  const user = await loadSessionUser(app, result.userId);
  context.locals.user = user;
  await holdUntil(started, app.config.authMinResponseMs);
  return { user };
});
