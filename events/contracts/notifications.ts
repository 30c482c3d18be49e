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
