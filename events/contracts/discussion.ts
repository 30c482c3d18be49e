import { z } from 'zod';
import { ownedBy } from '../personal';

const id = z.number().int().positive();

/** Why a member reports a prompt or a comment (`other` comes with a note). */
const REPORT_REASONS = ['spam', 'offensive', 'wrong-category', 'duplicate', 'other'] as const;

/** A member commented on a public prompt; `parentId`: the top-level comment it replies to (replies go one level deep). */
export const CommentPosted = {
  version: 1,
  schema: z.object({ commentId: id, promptId: id, userId: id, parentId: id.nullable(), body: z.string() }),
  // The words are the author's own: sealed with their key, forgotten with their account.
  personal: ownedBy('userId', { body: '' }),
};

/** The author changed their comment's text (within the edit window, decided from the posting event's time). */
export const CommentEdited = {
  version: 1,
  schema: z.object({ commentId: id, promptId: id, userId: id, body: z.string() }),
  personal: ownedBy('userId', { body: '' }),
};

/** The author deleted their comment: its text goes; a thread keeps its place as "deleted" while replies stand. */
export const CommentDeleted = {
  version: 1,
  schema: z.object({ commentId: id, promptId: id, userId: id }),
};

/** The admin hid a comment (usually resolving a report): it is shown to nobody; the reason is the admin's. */
export const CommentHidden = {
  version: 1,
  schema: z.object({ commentId: id, promptId: id, hiddenBy: id.nullable(), reportId: id.nullable(), reason: z.string() }),
};

/**
 * A member reported a prompt (`commentId` null) or one of its comments. `authorId`: whose
 * content it is (read from the target's stream), so the author can be told the outcome.
 */
export const ReportFiled = {
  version: 1,
  schema: z.object({
    reportId: id,
    reporterId: id,
    promptId: id,
    commentId: id.nullable(),
    authorId: id.nullable(),
    reason: z.enum(REPORT_REASONS),
    note: z.string().nullable(),
  }),
  // The reporter's note is theirs (the reason is a choice from a list).
  personal: ownedBy('reporterId', { note: null }),
};

/** The admin decided a report: the comment hidden, the prompt withdrawn, or nothing done; with a reason the reporter and the author read. */
export const ReportResolved = {
  version: 1,
  schema: z.object({ reportId: id, outcome: z.enum(['hidden', 'withdrawn', 'dismissed']), reason: z.string(), resolvedBy: id.nullable() }),
};
