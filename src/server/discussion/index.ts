import { DomainError, type Actor, type Appended, type EventMetadata, type Sql } from '../../../events';
import { postComment, resolveReport } from '../../../modules/discussion';
import { DISCUSSION_REFUSALS, type Resolution } from '../../../modules/discussion/contracts';
import { discussionRoutes } from '../../../modules/discussion/routes';
import { noteWritten } from '../freshness';
import { reReviewPrompt } from '../../../modules/prompts';
import { getReport } from '../../../projections/discussion/queries';
import { throttleAccount } from '../library';
import type { APIContext } from 'astro';
import type { Page, PageRequest } from '../../../events/paging';
import type { CommentOrder, CommentPage, CommentView, ReportOutcomeView, ReportView } from '../../../modules/discussion/contracts';
import { userNames } from '../../../projections/accounts/queries';
import { promptTitles } from '../../../projections/catalog/queries';
import type { App } from '../app';
import {
  commentCounts,
  getComment,
  listComments,
  listOpenReports,
  listReportOutcomes,
  openReportsOfComment,
  type CommentRecord,
} from '../../../projections/discussion/queries';

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

/** The titles of the reported prompts, as `viewer` may read them (0: nobody's own, so none unpublished). */
function reportTitles(sql: Sql, reports: readonly { promptId: number }[], viewer: number): Promise<Map<number, string>> {
  return promptTitles(
    sql,
    reports.map((r) => r.promptId),
    viewer,
  );
}

/** What every report view starts with: the report, and the prompt (with its title) and comment it is about. */
function reportHead(r: { id: number; promptId: number; commentId: number | null }, titles: Map<number, string>) {
  return { id: r.id, promptId: r.promptId, promptTitle: titles.get(r.promptId) ?? '', commentId: r.commentId };
}

export async function openReports(sql: Sql, page: PageRequest): Promise<Page<ReportView>> {
  const listed = await listOpenReports(sql, page);
  const [names, titles] = await Promise.all([
    userNames(
      sql,
      listed.items.flatMap((r) => (r.reporterId === null ? [] : [r.reporterId])),
    ),
    reportTitles(sql, listed.items, 0),
  ]);
  return {
    items: listed.items.map((r) => ({
      ...reportHead(r, titles),
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
  const titles = await reportTitles(sql, listed.items, userId);
  return {
    items: listed.items.map((r) => ({
      ...reportHead(r, titles),
      role: r.reporterId === userId ? 'reporter' : 'author',
      outcome: r.outcome!,
      reason: r.outcomeReason ?? '',
      resolvedAt: r.resolvedAt!,
    })),
    nextCursor: listed.nextCursor,
  };
}

/** What pages read of the discussion, bound to the app's database (`Astro.locals.discussion`). */
export interface DiscussionReader {
  /** The first page of a prompt's comments (the detail page's thread). */
  comments(promptId: number, order: CommentOrder): Promise<CommentPage>;
  /** Shown comments per prompt (the cards' count; prompts without any are left out). */
  counts(promptIds: readonly number[]): Promise<Map<number, number>>;
  /** The dashboard's report outcomes, newest first. */
  outcomes(userId: number): Promise<Page<ReportOutcomeView>>;
}

export function discussionReader(sql: Sql): DiscussionReader {
  return {
    comments: (promptId, order) => commentPage(sql, promptId, { order, limit: 20 }),
    counts: (promptIds) => commentCounts(sql, promptIds),
    outcomes: (userId) => reportOutcomes(sql, userId, { limit: 20 }),
  };
}

/**
 * The admin decides a report. Withdrawing is the prompts module's decision (a published prompt
 * withdrawn by the admin), taken first; a prompt already withdrawn still lets the report close
 * as withdrawn. Hiding is the report's outcome and the comment's CommentHidden in one transaction.
 */
export async function decideReport(
  app: App,
  id: number,
  action: Resolution,
  reason: string,
  actor: Actor,
  metadata: EventMetadata,
  settle: (a: Appended) => Promise<void>,
) {
  const report = await getReport(app.db, id);
  if (!report || report.reporterId === null) throw new DomainError(DISCUSSION_REFUSALS.reportNotFound);
  if (report.outcome) throw new DomainError(DISCUSSION_REFUSALS.reportResolved);
  if (action === 'withdraw' && report.commentId !== null) throw new DomainError(DISCUSSION_REFUSALS.wrongTarget);
  if (action === 'withdraw') {
    try {
      await settle(await reReviewPrompt(app.store, report.promptId, false, actor, metadata));
    } catch (error) {
      if (!(error instanceof DomainError && error.kind === 'conflict')) throw error;
    }
  }
  const target = { reporterId: report.reporterId, promptId: report.promptId, commentId: report.commentId };
  const others = action === 'hide' && report.commentId !== null ? await openReportsOfComment(app.db, report.commentId) : [];
  const alsoReported = others.flatMap((r) => (r.reporterId === null ? [] : [{ reportId: r.id, reporterId: r.reporterId, promptId: r.promptId }]));
  const resolved = await resolveReport(app.store, id, target, action, reason, actor, metadata, alsoReported);
  await settle(resolved);
  return resolved.outcome;
}

/**
 * The comment form posted before the page's JavaScript ran: the same rate, command and
 * settling as the API. A refusal (too many, a prompt no longer public) posts nothing and is
 * not an error of the site; the answer is the way back to the thread either way.
 */
export async function postFromForm(app: App, context: APIContext, promptId: number, userId: number, body: string, metadata: EventMetadata): Promise<void> {
  try {
    await throttleAccount(app, context, 'comment', userId);
    const posted = await postComment(app.store, promptId, userId, body, null, metadata);
    // The same write as the API's, so the same declaration.
    noteWritten(context.locals, posted, await app.settle(posted, discussionRoutes.postComment.reads));
  } catch (error) {
    if (!(error instanceof DomainError)) throw error;
  }
}
