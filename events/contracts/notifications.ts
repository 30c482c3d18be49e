import { z } from 'zod';

const id = z.number().int().positive();
/** A notification is named by the log position of the event that made it. */
const position = z.number().int().positive();

/**
 * The person looked at their notifications (opened /notifications): the bell counts only
 * what happened after `upTo`, the newest position they were shown.
 */
export const NotificationsSeen = {
  version: 1,
  schema: z.object({ userId: id, upTo: position }),
};

/** The person opened one notification (or marked it read): it reads as read from now on. */
export const NotificationRead = {
  version: 1,
  schema: z.object({ userId: id, position }),
};

/** The person marked every notification up to `upTo` read. */
export const NotificationsAllRead = {
  version: 1,
  schema: z.object({ userId: id, upTo: position }),
};

/**
 * The person turned the daily email digest on or off (off until they turn it on). `language`
 * is the one they used the site in when they chose (the digest is written in it); `via` says
 * whether they chose in their settings or by the one-click unsubscribe link of a digest.
 */
export const NotificationDigestChanged = {
  version: 1,
  schema: z.object({ userId: id, enabled: z.boolean(), language: z.enum(['en', 'zh-HK']), via: z.enum(['settings', 'unsubscribe']) }),
};

/**
 * A daily digest was decided for the person: their unread notifications after the previous
 * digest, up to position `upTo` (`count` of them), on the UTC date `day`. Appended in the same
 * transaction as the decision (and, with SMTP, the queued message), so a job that runs again
 * after a crash finds it and never sends the same digest twice. No address: the email is read
 * from the accounts read model when the message is written.
 */
export const NotificationDigestSent = {
  version: 1,
  schema: z.object({ userId: id, upTo: position, count: z.number().int().positive(), day: z.string().regex(/^\d{4}-\d{2}-\d{2}$/) }),
};
