import type { Sql } from '../../../events';
import type { Page, PageRequest } from '../../../events/paging';
import type { DigestSettings, NotificationView } from '../../../modules/notifications/contracts';
import { digestSettings, listNotifications, unseenNotifications } from '../../../projections/notifications/queries';
import { unsubscribeLinkState } from './digest';
import { withTitles } from './titles';

/** A page of a person's notifications, with titles. */
export async function notificationPage(sql: Sql, userId: number, page: PageRequest): Promise<Page<NotificationView>> {
  const { items, nextCursor } = await listNotifications(sql, userId, page);
  return { items: await withTitles(sql, userId, items), nextCursor };
}

/** The reads the /notifications page, the profile's digest setting and the unsubscribe page make. */
export interface NotificationReader {
  /** The first page, newest first. */
  page(userId: number): Promise<Page<NotificationView>>;
  unseen(userId: number): Promise<number>;
  digest(userId: number): Promise<DigestSettings>;
  /** What an unsubscribe link stands for (src/server/notifications/digest.ts). */
  unsubscribeLink(userId: number, token: string): Promise<'invalid' | 'on' | 'off'>;
}

export function notificationReader(sql: Sql): NotificationReader {
  return {
    page: (userId) => notificationPage(sql, userId, { limit: 20 }),
    unseen: (userId) => unseenNotifications(sql, userId),
    digest: (userId) => digestSettings(sql, userId),
    unsubscribeLink: (userId, token) => unsubscribeLinkState(sql, userId, token),
  };
}
