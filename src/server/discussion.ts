import type { Appended, Sql } from '../../events';
import type { Page, PageRequest } from '../../events/paging';
import type { CommentOrder, CommentPage, CommentView, ReportOutcomeView, ReportView } from '../../modules/discussion/contracts';
import { userNames } from '../../projections/accounts/queries';
import { promptTitles } from '../../projections/catalog/queries';
import type { App } from './app';
import { getComment, listComments, listOpenReports, listReportOutcomes, type CommentRecord } from '../../projections/discussion/queries';

/**
 * Comments and reports as pages and endpoints show them: the discussion read model's rows
 * with the names and titles of the accounts and catalog models (a projection never reads
 * another's tables). A deleted person has no name: "" (shown as "Deleted user").
 */
function commentView(r: CommentRecord, names: Map<number, string>, replies: CommentView[] = []): CommentView {
  const { userId, ...rest } = r;
  return { ...rest, authorId: userId, authorName: userId === null ? '' : (names.get(userId) ?? ''), replies };
}

export async function commentPage(sql: Sql, promptId: number, page: PageRequest & { order: CommentOrder }): Promise<CommentPage> {
  const listed = await listComments(sql, promptId, page);
  const ids = listed.items.flatMap((t) => [t.userId, ...t.replies.map((r) => r.userId)]).filter((id): id is number => id !== null);
  const names = await userNames(sql, ids);
  const items = listed.items.map(({ replies, ...top }) =>
    commentView(
      top,
      names,
      replies.map((r) => commentView(r, names)),
    ),
  );
  return { items, nextCursor: listed.nextCursor, total: listed.total };
}

export async function commentById(sql: Sql, id: number): Promise<CommentView | null> {
  const record = await getComment(sql, id);
  if (!record) return null;
  return commentView(record, await userNames(sql, record.userId === null ? [] : [record.userId]));
}

export async function openReports(sql: Sql, page: PageRequest): Promise<Page<ReportView>> {
  const listed = await listOpenReports(sql, page);
  const [names, titles] = await Promise.all([
    userNames(
      sql,
      listed.items.flatMap((r) => (r.reporterId === null ? [] : [r.reporterId])),
    ),
    promptTitles(
      sql,
      listed.items.map((r) => r.promptId),
      0,
    ),
  ]);
  return {
    items: listed.items.map((r) => ({
      id: r.id,
      promptId: r.promptId,
      promptTitle: titles.get(r.promptId) ?? '',
      commentId: r.commentId,
      commentBody: r.commentBody,
      reason: r.reason,
      note: r.note,
      reporterName: r.reporterId === null ? '' : (names.get(r.reporterId) ?? ''),
      createdAt: r.createdAt,
    })),
    nextCursor: listed.nextCursor,
  };
}

export async function reportOutcomes(sql: Sql, userId: number, page: PageRequest): Promise<Page<ReportOutcomeView>> {
  const listed = await listReportOutcomes(sql, userId, page);
  const titles = await promptTitles(
    sql,
    listed.items.map((r) => r.promptId),
    userId,
  );
  return {
    items: listed.items.map((r) => ({
      id: r.id,
      promptId: r.promptId,
      promptTitle: titles.get(r.promptId) ?? '',
      commentId: r.commentId,
      role: r.reporterId === userId ? 'reporter' : 'author',
      outcome: r.outcome!,
      reason: r.outcomeReason ?? '',
      resolvedAt: r.resolvedAt!,
    })),
    nextCursor: listed.nextCursor,
  };
}

/**
 * After a comment's write: the detail page and the cards are stored in the page cache by the
 * catalog's checkpoint, which comment events do not move; catching the catalog up past them
 * (it has nothing to apply) makes every viewer's next read render the count and the thread anew.
 */
export async function refreshPages(app: App, appended: Appended): Promise<void> {
  if (appended.last) await app.runner.settle(appended.last, ['catalog']);
}
