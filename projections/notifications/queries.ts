import type { Sql } from '../../events';
import type { Page, PageRequest } from '../../events/paging';
import type { DigestLanguage, DigestSettings, NotificationKind, NotificationView } from '../../modules/notifications/contracts';
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

const COLUMNS = 'position, kind, at, prompt_id, version, reason, note, read';

const record = (r: NotificationRow): NotificationRecord => ({
  position: Number(r.position),
  kind: r.kind,
  at: iso(r.at),
  promptId: r.prompt_id,
  version: r.version,
  reason: r.reason,
  note: r.note,
  read: r.read,
});

/** A person's notifications, newest first. */
export async function listNotifications(sql: Sql, userId: number, page: PageRequest): Promise<Page<NotificationRecord>> {
  return newestFirst(sql, page, 'position', `select ${COLUMNS} from notifications where user_id = $1`, [userId], record);
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

/** A person's daily digest setting: off, in English, until they turn it on. */
export async function digestSettings(sql: Sql, userId: number): Promise<DigestSettings> {
  const [row] = await sql.query<{ enabled: boolean; language: DigestLanguage }>('select enabled, language from notification_digests where user_id = $1', [
    userId,
  ]);
  return row ? { enabled: row.enabled, language: row.language } : { enabled: false, language: 'en' };
}

/** A person whose digest is due: it is on and unread notifications came after the last one. */
export interface DueDigest {
  userId: number;
  language: DigestLanguage;
  /** The newest unread notification's position: the digest lists up to it. */
  upTo: number;
  /** How many unread notifications it lists. */
  count: number;
  /** Where the previous digest stopped. */
  after: number;
}

/**
 * The people a digest is due for, by user id after `afterUser` (a run goes through them in
 * batches), skipping those already sent one on `day`.
 */
export async function dueDigests(sql: Sql, day: string, afterUser: number, limit: number): Promise<DueDigest[]> {
  const rows = await sql.query<{ user_id: number; language: DigestLanguage; up_to: number | string; n: number; after: number | string }>(
    `select d.user_id, d.language, max(n.position) as up_to, count(*)::int as n, d.sent_up_to as after
     from notification_digests d join notifications n on n.user_id = d.user_id and n.position > d.sent_up_to and not n.read
     where d.enabled and d.last_day is distinct from $1 and d.user_id > $2
     group by d.user_id, d.language, d.sent_up_to order by d.user_id limit $3`,
    [day, afterUser, limit],
  );
  return rows.map((r) => ({ userId: r.user_id, language: r.language, upTo: Number(r.up_to), count: r.n, after: Number(r.after) }));
}

/** The unread notifications a digest lists (after `after`, up to `upTo`), newest first, at most `limit`. */
export async function digestNotifications(sql: Sql, userId: number, after: number, upTo: number, limit: number): Promise<NotificationRecord[]> {
  const rows = await sql.query<NotificationRow>(
    `select ${COLUMNS} from notifications
     where user_id = $1 and position > $2 and position <= $3 and not read order by position desc limit $4`,
    [userId, after, upTo, limit],
  );
  return rows.map(record);
}
