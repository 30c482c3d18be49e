import { DomainError, executeIn, handle, type Actor, type EventMetadata, type EventStore } from '../../events';
import type { ReportRequest, Resolution } from './contracts';
import { commentStream, discussionDecider, discussionPlan, type DiscussionCommand } from './domain/discussion';

/** Posts a comment (or a reply) on a public prompt; its id comes from the `comment` counter in the same transaction. */
export async function postComment(store: EventStore, promptId: number, userId: number, body: string, parentId: number | null, metadata: EventMetadata) {
  let commentId = 0;
  const decided = await handle(
    store,
    discussionDecider,
    async (tx) => discussionPlan({ kind: 'post', commentId: (commentId = await tx.nextId('comment')), promptId, userId, parentId, body }),
    metadata,
  );
  return { commentId, events: decided.events, last: decided.last };
}

/** Edits (the author, within the window), deletes (the author) or hides (the admin) one comment. */
export async function changeComment(store: EventStore, command: Extract<DiscussionCommand, { kind: 'edit' | 'delete' | 'hide' }>, metadata: EventMetadata) {
  const decided = await handle(store, discussionDecider, discussionPlan(command), metadata);
  return { events: decided.events, last: decided.last };
}

/** Reports a public prompt (`commentId` null) or one of its comments. Answers the open report's id when one was already filed. */
export async function fileReport(
  store: EventStore,
  reporterId: number,
  target: { promptId: number; commentId: number | null },
  report: ReportRequest,
  metadata: EventMetadata,
) {
  let reportId = 0;
  const decided = await handle(
    store,
    discussionDecider,
    async (tx) => discussionPlan({ kind: 'report', reportId: (reportId = await tx.nextId('report')), reporterId, ...target, ...report }),
    metadata,
  );
  const open = decided.state.report!.reportId;
  return { reportId: decided.events.length ? reportId : open, events: decided.events, last: decided.last };
}

export interface ReportTarget {
  reporterId: number;
  promptId: number;
  commentId: number | null;
}

/**
 * The admin decides a report. Hiding a comment is the report's outcome and the comment's
 * CommentHidden in one transaction, with the comment's other open reports (`alsoReported`)
 * resolved as hidden too; withdrawing a prompt is the prompts module's decision, which the
 * endpoint takes first.
 */
export async function resolveReport(
  store: EventStore,
  reportId: number,
  target: ReportTarget,
  action: Resolution,
  reason: string,
  actor: Actor,
  metadata: EventMetadata,
  alsoReported: readonly { reportId: number; reporterId: number; promptId: number }[] = [],
) {
  const { result, events, last } = await store.transaction(async (tx) => {
    const resolved = await executeIn(tx, discussionDecider, discussionPlan({ kind: 'resolve', reportId, actor, action, reason }, target), metadata);
    if (action === 'hide' && target.commentId !== null) {
      const hide = { kind: 'hide', commentId: target.commentId, actor, reportId, reason } as const;
      await executeIn(tx, discussionDecider, { stream: commentStream(target.commentId), command: hide }, metadata);
      // The comment's other open reports are resolved with it: nothing is left for the admin to decide twice.
      for (const other of alsoReported) {
        if (other.reportId === reportId) continue;
        const resolve = { kind: 'resolve', reportId: other.reportId, actor, action, reason } as const;
        try {
          await executeIn(tx, discussionDecider, discussionPlan(resolve, { ...other, commentId: target.commentId }), metadata);
        } catch (error) {
          // Decided meanwhile (the list comes from the read model): nothing to add.
          if (!(error instanceof DomainError)) throw error;
        }
      }
    }
    return resolved.state.report!.outcome!;
  });
  return { outcome: result, events, last };
}
