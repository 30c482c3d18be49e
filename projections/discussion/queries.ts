import type { Sql } from '../../events';
import { pageOf, type Page, type PageRequest } from '../../events/paging';
import type { CommentOrder, ReportOutcome, ReportReason } from '../../modules/discussion/contracts';
import { iso, newestFirst } from '../rows';

/** A comment as the read model keeps it; names are added where it is shown (src/server/discussion/). */
export interface CommentRecord {
  id: number;
  promptId: number;
  parentId: number | null;
  userId: number | null;
  /** null when removed (deleted, hidden, or its author's account gone). */
  body: string | null;
  createdAt: string;
  editedAt: string | null;
  removed: boolean;
}

interface CommentRow {
  id: number;
  prompt_id: number;
  parent_id: number | null;
  user_id: number | null;
  body: string | null;
  created_at: Date | string;
  edited_at: Date | string | null;
  deleted: boolean;
  hidden: boolean;
}

const COMMENT_COLUMNS = 'id, prompt_id, parent_id, user_id, body, created_at, edited_at, deleted, hidden';
const VISIBLE = 'not deleted and not hidden';

function toRecord(r: CommentRow): CommentRecord {
  const removed = r.deleted || r.hidden;
  return {
    id: r.id,
    promptId: r.prompt_id,
    parentId: r.parent_id,
    userId: removed ? null : r.user_id,
    body: removed ? null : r.body,
    createdAt: iso(r.created_at),
    editedAt: r.edited_at ? iso(r.edited_at) : null,
    removed,
  };
}

export type Thread = CommentRecord & { replies: CommentRecord[] };

/**
 * A page of a prompt's threads: top-level comments still shown, or removed with a reply still
 * shown (as a placeholder), newest or oldest first by id (the cursor: the last thread's id),
 * each with its shown replies, oldest first; and the prompt's count of shown comments.
 */
export async function listComments(sql: Sql, promptId: number, page: PageRequest & { order: CommentOrder }): Promise<Page<Thread> & { total: number }> {
  const newest = page.order === 'newest';
  const [tops, [{ total }]] = await Promise.all([
    sql.query<CommentRow>(
      `select ${COMMENT_COLUMNS} from comments c
       where prompt_id = $1 and parent_id is null and ($2::bigint is null or id ${newest ? '<' : '>'} $2)
         and (${VISIBLE} or exists (select 1 from comments r where r.prompt_id = c.prompt_id and r.parent_id = c.id and not r.deleted and not r.hidden))
       order by id ${newest ? 'desc' : 'asc'} limit $3`,
      [promptId, page.cursor ?? null, page.limit + 1],
    ),
    sql.query<{ total: number }>(`select count(*)::int as total from comments where prompt_id = $1 and ${VISIBLE}`, [promptId]),
  ]);
  const paged = pageOf(tops, page.limit, (r) => r.id, toRecord);
  const ids = paged.items.map((t) => t.id);
  const replies = ids.length
    ? await sql.query<CommentRow>(`select ${COMMENT_COLUMNS} from comments where prompt_id = $1 and parent_id = any($2::int[]) and ${VISIBLE} order by id`, [
        promptId,
        ids,
      ])
    : [];
  const byParent = new Map<number, CommentRecord[]>();
  for (const reply of replies.map(toRecord)) byParent.set(reply.parentId!, [...(byParent.get(reply.parentId!) ?? []), reply]);
  return { items: paged.items.map((t) => ({ ...t, replies: byParent.get(t.id) ?? [] })), nextCursor: paged.nextCursor, total };
}

/** One comment, removed or not. */
export async function getComment(sql: Sql, id: number): Promise<CommentRecord | null> {
  const [row] = await sql.query<CommentRow>(`select ${COMMENT_COLUMNS} from comments where id = $1`, [id]);
  return row ? toRecord(row) : null;
}

/** Shown comments per prompt (the cards' count); prompts without any are left out. */
export async function commentCounts(sql: Sql, promptIds: readonly number[]): Promise<Map<number, number>> {
  if (promptIds.length === 0) return new Map();
  const rows = await sql.query<{ prompt_id: number; n: number }>(
    `select prompt_id, count(*)::int as n from comments where prompt_id = any($1::int[]) and ${VISIBLE} group by prompt_id`,
    [[...new Set(promptIds)]],
  );
  return new Map(rows.map((r) => [r.prompt_id, r.n]));
}

export interface ReportRecord {
  id: number;
  reporterId: number | null;
  promptId: number;
  commentId: number | null;
  authorId: number | null;
  reason: ReportReason;
  note: string | null;
  createdAt: string;
  /** The reported comment's text while it is shown. */
  commentBody: string | null;
  outcome: ReportOutcome | null;
  outcomeReason: string | null;
  resolvedAt: string | null;
}

interface ReportRow {
  id: number;
  reporter_id: number | null;
  prompt_id: number;
  comment_id: number | null;
  author_id: number | null;
  reason: ReportReason;
  note: string | null;
  created_at: Date | string;
  comment_body: string | null;
  outcome: ReportOutcome | null;
  outcome_reason: string | null;
  resolved_at: Date | string | null;
}

const REPORT_SELECT = `select r.id, r.reporter_id, r.prompt_id, r.comment_id, r.author_id, r.reason, r.note, r.created_at, r.outcome, r.outcome_reason, r.resolved_at,
  case when c.deleted or c.hidden then null else c.body end as comment_body
  from reports r left join comments c on c.id = r.comment_id`;

const toReport = (r: ReportRow): ReportRecord => ({
  id: r.id,
  reporterId: r.reporter_id,
  promptId: r.prompt_id,
  commentId: r.comment_id,
  authorId: r.author_id,
  reason: r.reason,
  note: r.note,
  createdAt: iso(r.created_at),
  commentBody: r.comment_body,
  outcome: r.outcome,
  outcomeReason: r.outcome_reason,
  resolvedAt: r.resolved_at ? iso(r.resolved_at) : null,
});

/** Open reports, oldest first (cursor: the last report's id). */
export async function listOpenReports(sql: Sql, page: PageRequest): Promise<Page<ReportRecord>> {
  const rows = await sql.query<ReportRow>(`${REPORT_SELECT} where r.outcome is null and ($1::bigint is null or r.id > $1) order by r.id limit $2`, [
    page.cursor ?? null,
    page.limit + 1,
  ]);
  return pageOf(rows, page.limit, (r) => r.id, toReport);
}

/** One report (the resolve endpoint finds its stream from it). */
export async function getReport(sql: Sql, id: number): Promise<ReportRecord | null> {
  const [row] = await sql.query<ReportRow>(`${REPORT_SELECT} where r.id = $1`, [id]);
  return row ? toReport(row) : null;
}

/** The open reports about a comment (its other reporters' while the admin decides one). */
export async function openReportsOfComment(sql: Sql, commentId: number): Promise<ReportRecord[]> {
  const rows = await sql.query<ReportRow>(`${REPORT_SELECT} where r.comment_id = $1 and r.outcome is null order by r.id`, [commentId]);
  return rows.map(toReport);
}

/**
 * Decided reports a member should hear of, newest first: the ones they filed, and the ones
 * that took down their prompt or comment (a dismissed report about them is no news to them).
 */
export async function listReportOutcomes(sql: Sql, userId: number, page: PageRequest): Promise<Page<ReportRecord>> {
  return newestFirst(
    sql,
    page,
    'r.id',
    `${REPORT_SELECT} where r.outcome is not null and (r.reporter_id = $1 or (r.author_id = $1 and r.outcome <> 'dismissed'))`,
    [userId],
    toReport,
  );
}
