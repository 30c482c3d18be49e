import type { Sql } from '../../../events';
import type { NotificationView } from '../../../modules/notifications/contracts';
import { promptTitles } from '../../../projections/catalog/queries';
import type { NotificationRecord } from '../../../projections/notifications/queries';

/**
 * Notifications with each prompt's title as the person may read it now (the catalog's: a
 * projection never reads another's tables). A prompt gone since reads as "".
 */
export async function withTitles(sql: Sql, userId: number, items: NotificationRecord[]): Promise<NotificationView[]> {
  const titles = await promptTitles(
    sql,
    items.flatMap((n) => (n.promptId === null ? [] : [n.promptId])),
    userId,
  );
  return items.map((n) => ({ ...n, promptTitle: n.promptId === null ? '' : (titles.get(n.promptId) ?? '') }));
}
