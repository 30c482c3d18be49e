import type { APIContext } from 'astro';
import type { Appended } from '../../../events';
import type { SessionInfo } from '../../../modules/accounts';
import type { App } from '../app';
import { holdUntil, sleep } from './auth-timing';
import { clientIp } from '../rate-limit';
import { loadSessionUser, setSessionCookie } from './sessions';
import type { SessionUser } from './session-user';

type Signed = { userId: number; session: SessionInfo } & Appended;

/**
 * A password check that signs in (login, set-password). The attempt is counted before the
 * check, so concurrent guesses cannot slip past the limit, and waits out any slow-down; a
 * refusal is held to the minimum response time so that timing does not tell why; a success
 * takes the attempt back (src/server/rate-limit.ts). Returns when the check started too.
 */
export async function passwordAttempt<T extends Signed>(
  app: App,
  context: APIContext,
  attempt: { action: 'login' | 'set_password'; account: string; refused: (error: unknown) => boolean },
  check: () => Promise<T>,
): Promise<{ result: T; started: number }> {
  const started = Date.now();
  const subject = { ip: clientIp(context, app.config.trustProxy), account: attempt.account };
  const { slowDownMs } = await app.limiter.attempt(attempt.action, subject);
  await sleep(slowDownMs);
  let result: T;
  try {
    result = await check();
  } catch (error) {
    if (attempt.refused(error)) await holdUntil(started, app.config.authMinResponseMs);
    throw error;
  }
  await app.limiter.succeeded(attempt.action, subject);
  return { result, started };
}

/** Hands the browser the new session and answers as its user, once the read models have it. */
export async function startSession(app: App, context: APIContext, signed: Signed, settle: (appended: Appended) => Promise<void>): Promise<SessionUser | null> {
  setSessionCookie(context, app, signed.session);
  await settle(signed);
  const user = await loadSessionUser(app, signed.userId);
  context.locals.user = user;
  return user;
}
