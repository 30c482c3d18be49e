import type { Sql } from '../../../events';
import type { Page, PageRequest } from '../../../events/paging';
import type { NotificationView } from '../../../modules/notifications/contracts';
import { promptTitles } from '../../../projections/catalog/queries';
import { listNotifications, unseenNotifications } from '../../../projections/notifications/queries';

/**
 * A page of a person's notifications with each prompt's title as they may read it now (the
 * catalog's: a projection never reads another's tables). A prompt gone since reads as "".
 */
export async function notificationPage(sql: Sql, userId: number, page: PageRequest): Promise<Page<NotificationView>> {
  const { items, nextCursor } = await listNotifications(sql, userId, page);
  const titles = await promptTitles(
    sql,
    items.flatMap((n) => (n.promptId === null ? [] : [n.promptId])),
    userId,
  );
  return { items: items.map((n) => ({ ...n, promptTitle: n.promptId === null ? '' : (titles.get(n.promptId) ?? '') })), nextCursor };
}

/** The reads the /notifications page makes. */
export interface NotificationReader {
  /** The first page, newest first. */
  page(userId: number): Promise<Page<NotificationView>>;
  unseen(userId: number): Promise<number>;
}

export function notificationReader(sql: Sql): NotificationReader {
  return {
    page: (userId) => notificationPage(sql, userId, { limit: 20 }),
    unseen: (userId) => unseenNotifications(sql, userId),
  };
}
