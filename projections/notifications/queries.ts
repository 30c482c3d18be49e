import type { Sql } from '../../events';
import type { Page, PageRequest } from '../../events/paging';
import type { NotificationKind, NotificationView } from '../../modules/notifications/contracts';
import { iso, newestFirst } from '../rows';

/** A notification without its prompt's title (the catalog's to fill in). */
export type NotificationRecord = Omit<NotificationView, 'promptTitle'>;

interface NotificationRow {
  position: number | string;
  kind: NotificationKind;
  at: Date;
  prompt_id: number | null;
  version: number | null;
  reason: string | null;
  note: string | null;
  read: boolean;
}

/** A person's notifications, newest first. */
export async function listNotifications(sql: Sql, userId: number, page: PageRequest): Promise<Page<NotificationRecord>> {
  return newestFirst(
    sql,
    page,
    'position',
    'select position, kind, at, prompt_id, version, reason, note, read from notifications where user_id = $1',
    [userId],
    (r: NotificationRow) => ({
      position: Number(r.position),
      kind: r.kind,
      at: iso(r.at),
      promptId: r.prompt_id,
      version: r.version,
      reason: r.reason,
      note: r.note,
      read: r.read,
    }),
  );
}

/** How many notifications came after the newest one the person was shown. */
export async function unseenNotifications(sql: Sql, userId: number): Promise<number> {
  const [row] = await sql.query<{ n: number }>(
    `select count(*)::int as n from notifications
     where user_id = $1 and position > coalesce((select seen_up_to from notification_marks where user_id = $1), 0)`,
    [userId],
  );
  return row.n;
}

/** Whether the notification at `position` is the person's. */
export async function isNotificationOf(sql: Sql, userId: number, position: number): Promise<boolean> {
  const rows = await sql.query<{ one: number }>('select 1 as one from notifications where user_id = $1 and position = $2', [userId, position]);
  return rows.length > 0;
}
