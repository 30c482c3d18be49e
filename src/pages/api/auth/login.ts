import { accountRoutes } from '../../../../modules/accounts/routes';
import { isSignInRefused, signIn } from '../../../../modules/accounts';
import { serve } from '../../../server/route';
import { sessionToken } from '../../../server/accounts/sessions';
import { holdUntil } from '../../../server/accounts/auth-timing';
import { passwordAttempt, startSession } from '../../../server/accounts/password-sign-in';

/** Password sign-in: a new session on every sign-in (the browser's previous one ends). */
export const POST = serve(accountRoutes.login, async ({ body, app, context, metadata, settle }) => {
  const { result, started } = await passwordAttempt(app, context, { action: 'login', account: body.email, refused: isSignInRefused }, () =>
    signIn(app.store, app.sessions, body, metadata),
  );
  const previous = sessionToken(context);
  if (previous) await app.sessions.invalidate(previous);
  const user = await startSession(app, context, result, settle);
  await holdUntil(started, app.config.authMinResponseMs);
  return { user };
});
