import { z } from 'zod';
import { refusals } from '../../events/refusals';
import { pageQuery } from '../../events/paging';
import { DISCUSSION_LIMITS } from './limits';

export { DISCUSSION_LIMITS, commentSegments, type TextSegment } from './limits';

/**
 * Comments and reports: requests, answers and the pure text helpers the server and
 * the islands share. Pure: islands may import it.
 */

/** Why a member reports something; `other` asks for a note. (The events' own list: events/contracts/discussion.ts.) */
export const REPORT_REASONS = ['spam', 'offensive', 'wrong-category', 'duplicate', 'other'] as const;
export type ReportReason = (typeof REPORT_REASONS)[number];

export const RESOLUTIONS = ['hide', 'withdraw', 'dismiss'] as const;
export type Resolution = (typeof RESOLUTIONS)[number];
export type ReportOutcome = 'hidden' | 'withdrawn' | 'dismissed';

export const DISCUSSION_MESSAGES = {
  bodyMin: 'Comment cannot be empty',
  bodyMax: `Comment must not exceed ${DISCUSSION_LIMITS.body.max} characters`,
  noteMax: `Note must not exceed ${DISCUSSION_LIMITS.note.max} characters`,
  noteRequired: 'Please say what is wrong',
  reasonMin: `Reason must be at least ${DISCUSSION_LIMITS.reason.min} characters`,
  reasonMax: `Reason must not exceed ${DISCUSSION_LIMITS.reason.max} characters`,
  tooFast: 'You are doing that too often. Please wait a few minutes and try again.',
} as const;

/** What comments and reports refuse, by code (texts in `refusals:discussion.*`). */
export const DISCUSSION_REFUSALS = refusals('discussion', {
  notFound: { kind: 'not_found', text: 'Comment not found' },
  promptNotFound: { kind: 'not_found', text: 'Prompt not found' },
  notYours: { kind: 'forbidden', text: 'Only its author may change a comment' },
  editWindow: { kind: 'conflict', text: 'A comment can be edited for 15 minutes after posting' },
  oneLevel: { kind: 'invalid', text: 'Replies go one level deep: reply to the comment above' },
  adminOnly: { kind: 'forbidden', text: 'Only the admin may do that' },
  reportNotFound: { kind: 'not_found', text: 'Report not found' },
  reportResolved: { kind: 'conflict', text: 'This report has already been resolved' },
  wrongTarget: { kind: 'invalid', text: 'That action does not fit this report' },
});

const body = z.string().trim().min(DISCUSSION_LIMITS.body.min, DISCUSSION_MESSAGES.bodyMin).max(DISCUSSION_LIMITS.body.max, DISCUSSION_MESSAGES.bodyMax);
const positive = z
  .number()
  .int()
  .positive()
  .max(2 ** 31 - 1);

/** POST /api/prompts/{id}/comments */
export const commentRequest = z.object({ body, parentId: positive.nullish().transform((p) => p ?? null) });
/** PATCH /api/comments/{id} */
export const editCommentRequest = z.object({ body });

/** POST /api/prompts/{id}/reports and /api/comments/{id}/reports */
export const reportRequest = z
  .object({
    reason: z.enum(REPORT_REASONS),
    note: z
      .string()
      .trim()
      .max(DISCUSSION_LIMITS.note.max, DISCUSSION_MESSAGES.noteMax)
      .nullish()
      .transform((n) => n || null),
  })
  .superRefine((r, ctx) => {
    if (r.reason === 'other' && !r.note) ctx.addIssue({ code: 'custom', path: ['note'], message: DISCUSSION_MESSAGES.noteRequired });
  });
export type ReportRequest = z.output<typeof reportRequest>;

/** PUT /api/admin/reports/{id} */
export const resolveReportRequest = z.object({
  action: z.enum(RESOLUTIONS),
  reason: z.string().trim().min(DISCUSSION_LIMITS.reason.min, DISCUSSION_MESSAGES.reasonMin).max(DISCUSSION_LIMITS.reason.max, DISCUSSION_MESSAGES.reasonMax),
});

export const COMMENT_ORDERS = ['newest', 'oldest'] as const;
export type CommentOrder = (typeof COMMENT_ORDERS)[number];
/** GET /api/prompts/{id}/comments: top-level comments a page at a time, each with its replies (oldest first). */
export const commentsQuery = pageQuery.extend({ order: z.enum(COMMENT_ORDERS).default('newest'), limit: pageQuery.shape.limit.default(20) });

export interface CommentView {
  id: number;
  promptId: number;
  parentId: number | null;
  /** null once deleted, hidden, or its author's account deleted: shown as "deleted". */
  body: string | null;
  authorId: number | null;
  authorName: string;
  createdAt: string;
  editedAt: string | null;
  /** Deleted (by its author or with its author's account) or hidden: a placeholder kept while replies stand. */
  removed: boolean;
  replies: CommentView[];
}

export interface CommentPage {
  items: CommentView[];
  nextCursor: number | null;
  /** Visible comments and replies of the prompt (the cards' count). */
  total: number;
}

export interface ReportView {
  id: number;
  promptId: number;
  promptTitle: string;
  commentId: number | null;
  /** The reported comment's text (null: a prompt, or a comment already gone). */
  commentBody: string | null;
  reason: ReportReason;
  note: string | null;
  reporterName: string;
  createdAt: string;
}

/** A decided report, as its reporter or the reported content's author reads it. */
export interface ReportOutcomeView {
  id: number;
  promptId: number;
  promptTitle: string;
  commentId: number | null;
  /** Whose view: the reporter's report, or a report about the reader's content. */
  role: 'reporter' | 'author';
  outcome: ReportOutcome;
  reason: string;
  resolvedAt: string;
}
