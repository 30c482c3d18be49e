import { timingSafeEqual } from 'node:crypto';
import type { PgBoss } from 'pg-boss';
import { DomainError, type Db, type EventMetadata, type EventStore, type Sql } from '../../../events';
import { personalToken } from '../../../events/personal';
import { markNotifications, NOTIFICATION_REFUSALS, recordDigest } from '../../../modules/notifications';
import { getUser } from '../../../projections/accounts/queries';
import { digestNotifications, digestSettings, dueDigests, type DueDigest } from '../../../projections/notifications/queries';
import type { Clock } from '../clock';
import type { Config } from '../config';
import { logLine } from '../log';
import { queueMailIn, sendMail } from '../mail';
import { renderDigest } from './digest-mail';
import { withTitles } from './titles';

/** What the digest needs of the app (not the App type itself: the app imports this file). */
interface DigestHost {
  db: Db;
  store: EventStore;
  clock: Clock;
  boss: PgBoss | undefined;
  config: Pick<Config, 'publicUrl' | 'smtpUrl' | 'dataDir' | 'workers' | 'mailRetryDelaySeconds' | 'mailFrom' | 'digestCron'>;
}

/** The pg-boss queue of the daily digest of unread notifications. */
export const DIGEST_QUEUE = 'notification-digest';

/** How many people one query of a run takes (a run goes through all of them, a batch at a time). */
const DIGEST_BATCH = 200;
/** How many notifications one email lists; the rest are "…and N more". */
const LISTED = 20;
/** What the unsubscribe token is made for (events/personal.ts personalToken). */
const UNSUBSCRIBE = 'notification-digest-unsubscribe';

/** The one-click unsubscribe link of a person's digests: POST unsubscribes (RFC 8058). */
export const oneClickPath = (userId: number, token: string) => `/notifications/unsubscribe/one-click?${new URLSearchParams({ u: String(userId), t: token })}`;
/** The page the email's unsubscribe link opens: it asks first. */
export const unsubscribePagePath = (userId: number, token: string) => `/notifications/unsubscribe?${new URLSearchParams({ u: String(userId), t: token })}`;

/**
 * Sends every digest due by the app's clock: each person whose digest is on and who has unread
 * notifications after their last digest gets one email (in the language of their setting)
 * listing them, at most one a UTC day. Each is decided on the person's notifications stream
 * in one transaction with its `NotificationDigestSent` (and, with SMTP, its queued message), so
 * a run again after a crash or on a second worker sends nothing twice. Without SMTP the outbox
 * file is written after the commit: a crash in between loses that digest rather than sending
 * it twice. Answers how many were sent.
 */
export async function sendDigests(app: DigestHost): Promise<number> {
  const now = app.clock();
  const day = now.toISOString().slice(0, 10);
  const metadata: EventMetadata = { actor: null, requestId: 'digest', at: now.toISOString() };
  let sent = 0;
  for (let after = 0; ;) {
    const due = await dueDigests(app.db, day, after, DIGEST_BATCH);
    for (const digest of due) {
      try {
        if (await sendDigest(app, digest, day, metadata)) sent++;
      } catch (error) {
        // One person's failure (their mail, a conflict) leaves the others' digests to go out.
        logLine(`digest for user ${digest.userId} failed: ${String(error)}`);
      }
    }
    if (due.length < DIGEST_BATCH) return sent;
    after = due.at(-1)!.userId;
  }
}

async function sendDigest(app: DigestHost, due: DueDigest, day: string, metadata: EventMetadata): Promise<boolean> {
  const [user, token] = await Promise.all([getUser(app.db, due.userId), personalToken(app.db, due.userId, UNSUBSCRIBE)]);
  if (!user?.email || !token) return false;
  const items = await withTitles(app.db, due.userId, await digestNotifications(app.db, due.userId, due.after, due.upTo, LISTED));
  const url = (path: string) => new URL(path, app.config.publicUrl).toString();
  const message = renderDigest(due.language, {
    to: { email: user.email, name: user.name },
    items,
    count: due.count,
    publicUrl: app.config.publicUrl,
    unsubscribeUrl: url(oneClickPath(due.userId, token)),
    unsubscribePage: url(unsubscribePagePath(due.userId, token)),
  });
  let queued = false;
  const decided = await recordDigest(app.store, { kind: 'digest', userId: due.userId, upTo: due.upTo, count: due.count, day }, metadata, async (sql) => {
    queued = await queueMailIn(app, sql, message);
  });
  if (decided && !queued) await sendMail(app, message);
  return decided;
}

/** Whether `token` is the unsubscribe token of `userId`'s digests (compared in constant time). */
export async function isUnsubscribeToken(db: Sql, userId: number, token: string): Promise<boolean> {
  const expected = await personalToken(db, userId, UNSUBSCRIBE);
  if (!expected || expected.length !== token.length) return false;
  return timingSafeEqual(Buffer.from(expected), Buffer.from(token));
}

/**
 * The one-click unsubscribe (no sign-in: the token is the proof). Refuses a link that is not
 * the person's (403 `notifications.badUnsubscribeLink`); unsubscribing twice appends nothing
 * the second time. Answers what it appended (for the caller to settle).
 */
export async function unsubscribeDigest(app: Pick<DigestHost, 'db' | 'store'>, userId: number, token: string, metadata: EventMetadata) {
  if (!(await isUnsubscribeToken(app.db, userId, token))) throw new DomainError(NOTIFICATION_REFUSALS.badUnsubscribeLink);
  return markNotifications(app.store, { kind: 'unsubscribe', userId }, metadata);
}

/** What the unsubscribe page shows for a link: not valid, or the person's digest is on or off. */
export async function unsubscribeLinkState(db: Sql, userId: number, token: string): Promise<'invalid' | 'on' | 'off'> {
  if (!(await isUnsubscribeToken(db, userId, token))) return 'invalid';
  return (await digestSettings(db, userId)).enabled ? 'on' : 'off';
}

/** Creates the digest queue and, where this process works queues, its worker and daily schedule (called by createApp). */
export async function startDigest(app: DigestHost): Promise<void> {
  const { boss, config } = app;
  if (!boss) return;
  await boss.createQueue(DIGEST_QUEUE, { policy: 'stately' });
  if (config.workers <= 0) return;
  await boss.work(DIGEST_QUEUE, { batchSize: 1 }, async () => void (await sendDigests(app)));
  await boss.schedule(DIGEST_QUEUE, config.digestCron);
}
