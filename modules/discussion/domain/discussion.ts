import { DomainError, evolvePromptAccess, promptStream, UNKNOWN_PROMPT, type Actor, type Decider, type PromptAccess, type StoredEvent } from '../../../events';
import { DISCUSSION_LIMITS, DISCUSSION_REFUSALS, type ReportOutcome, type ReportReason, type Resolution } from '../contracts';

export const commentStream = (commentId: number) => `comment-${commentId}`;
/** One stream per reporter and target: a second report of the same thing while one is open adds nothing. */
export const reportStream = (reporterId: number, promptId: number, commentId: number | null) => `report-${reporterId}-${promptId}-${commentId ?? 0}`;

interface CommentFacts {
  promptId: number;
  authorId: number;
  parentId: number | null;
  /** When it was posted (ms), from the event's own time: the edit window counts from it. */
  postedAt: number;
  body: string;
  deleted: boolean;
  hidden: boolean;
}

interface ReportFacts {
  reportId: number;
  promptId: number;
  commentId: number | null;
  outcome: ReportOutcome | null;
}

/** The facts of the streams a command reads: the prompt, the comments it names, the report stream's latest report. */
export interface DiscussionState {
  prompt: PromptAccess;
  comments: ReadonlyMap<number, CommentFacts>;
  report: ReportFacts | null;
}

export type DiscussionCommand =
  | { kind: 'post'; commentId: number; promptId: number; userId: number; parentId: number | null; body: string }
  /** `at`: when the edit is asked (the command's metadata time). */
  | { kind: 'edit'; commentId: number; userId: number; body: string; at: string }
  | { kind: 'delete'; commentId: number; userId: number }
  | { kind: 'hide'; commentId: number; actor: Actor; reportId: number | null; reason: string }
  | { kind: 'report'; reportId: number; reporterId: number; promptId: number; commentId: number | null; reason: ReportReason; note: string | null }
  | { kind: 'resolve'; reportId: number; actor: Actor; action: Resolution; reason: string };

/** The stream a command appends to and the streams it reads first. */
export function discussionPlan(command: DiscussionCommand, target?: { reporterId: number; promptId: number; commentId: number | null }) {
  switch (command.kind) {
    case 'post':
      return {
        stream: commentStream(command.commentId),
        reads: [promptStream(command.promptId), ...(command.parentId ? [commentStream(command.parentId)] : [])],
        command,
      };
    case 'report':
      return {
        stream: reportStream(command.reporterId, command.promptId, command.commentId),
        reads: [promptStream(command.promptId), ...(command.commentId ? [commentStream(command.commentId)] : [])],
        command,
      };
    case 'resolve':
      if (!target) throw new DomainError(DISCUSSION_REFUSALS.reportNotFound);
      return { stream: reportStream(target.reporterId, target.promptId, target.commentId), command };
    default:
      return { stream: commentStream(command.commentId), command };
  }
}

const OUTCOMES: Record<Resolution, ReportOutcome> = { hide: 'hidden', withdraw: 'withdrawn', dismiss: 'dismissed' };

function change(state: DiscussionState, id: number, patch: Partial<CommentFacts>): DiscussionState {
  const current = state.comments.get(id);
  if (!current) return state;
  return { ...state, comments: new Map(state.comments).set(id, { ...current, ...patch }) };
}

/** A comment that is still shown (not deleted, not hidden), or not found. */
function shown(state: DiscussionState, id: number): CommentFacts {
  const comment = state.comments.get(id);
  if (!comment || comment.deleted || comment.hidden) throw new DomainError(DISCUSSION_REFUSALS.notFound);
  return comment;
}

export const discussionDecider: Decider<DiscussionState, DiscussionCommand> = {
  initialState: { prompt: UNKNOWN_PROMPT, comments: new Map(), report: null },
  evolve(state, event: StoredEvent) {
    switch (event.type) {
      case 'CommentPosted': {
        const { commentId, promptId, userId, parentId, body } = event.data;
        const facts = { promptId, authorId: userId, parentId, postedAt: Date.parse(event.metadata.at), body, deleted: false, hidden: false };
        return { ...state, comments: new Map(state.comments).set(commentId, facts) };
      }
      case 'CommentEdited':
        return change(state, event.data.commentId, { body: event.data.body });
      case 'CommentDeleted':
        return change(state, event.data.commentId, { deleted: true });
      case 'CommentHidden':
        return change(state, event.data.commentId, { hidden: true });
      case 'ReportFiled': {
        const { reportId, promptId, commentId } = event.data;
        return { ...state, report: { reportId, promptId, commentId, outcome: null } };
      }
      case 'ReportResolved':
        return state.report ? { ...state, report: { ...state.report, outcome: event.data.outcome } } : state;
      default:
        return { ...state, prompt: evolvePromptAccess(state.prompt, event) };
    }
  },
  decide(command, state) {
    switch (command.kind) {
      case 'post': {
        const { commentId, promptId, userId, parentId, body } = command;
        if (!state.prompt.approved) throw new DomainError(DISCUSSION_REFUSALS.promptNotFound);
        if (parentId !== null) {
          const parent = shown(state, parentId);
          if (parent.promptId !== promptId) throw new DomainError(DISCUSSION_REFUSALS.notFound);
          if (parent.parentId !== null) throw new DomainError(DISCUSSION_REFUSALS.oneLevel, { field: 'parentId' });
        }
        if (state.comments.has(commentId)) return [];
        return [{ type: 'CommentPosted', data: { commentId, promptId, userId, parentId, body } }];
      }
      case 'edit': {
        const comment = shown(state, command.commentId);
        if (comment.authorId !== command.userId) throw new DomainError(DISCUSSION_REFUSALS.notYours);
        if (Date.parse(command.at) - comment.postedAt > DISCUSSION_LIMITS.editWindowMs) throw new DomainError(DISCUSSION_REFUSALS.editWindow);
        if (comment.body === command.body) return [];
        return [{ type: 'CommentEdited', data: { commentId: command.commentId, promptId: comment.promptId, userId: command.userId, body: command.body } }];
      }
      case 'delete': {
        const comment = state.comments.get(command.commentId);
        if (!comment || (comment.hidden && comment.authorId !== command.userId)) throw new DomainError(DISCUSSION_REFUSALS.notFound);
        if (comment.authorId !== command.userId) throw new DomainError(DISCUSSION_REFUSALS.notYours);
        if (comment.deleted) return [];
        return [{ type: 'CommentDeleted', data: { commentId: command.commentId, promptId: comment.promptId, userId: command.userId } }];
      }
      case 'hide': {
        if (!command.actor.isAdmin) throw new DomainError(DISCUSSION_REFUSALS.adminOnly);
        const comment = state.comments.get(command.commentId);
        if (!comment) throw new DomainError(DISCUSSION_REFUSALS.notFound);
        if (comment.hidden || comment.deleted) return [];
        const { commentId, reportId, reason } = command;
        return [{ type: 'CommentHidden', data: { commentId, promptId: comment.promptId, hiddenBy: command.actor.userId, reportId, reason } }];
      }
      case 'report': {
        const { reportId, reporterId, promptId, commentId, reason, note } = command;
        if (!state.prompt.approved) throw new DomainError(DISCUSSION_REFUSALS.promptNotFound);
        const authorId = commentId === null ? state.prompt.authorId : shown(state, commentId).authorId;
        if (commentId !== null && state.comments.get(commentId)!.promptId !== promptId) throw new DomainError(DISCUSSION_REFUSALS.notFound);
        // Still open: the same report again adds nothing.
        if (state.report && state.report.outcome === null) return [];
        return [{ type: 'ReportFiled', data: { reportId, reporterId, promptId, commentId, authorId, reason, note } }];
      }
      case 'resolve': {
        if (!command.actor.isAdmin) throw new DomainError(DISCUSSION_REFUSALS.adminOnly);
        const report = state.report;
        if (!report || report.reportId !== command.reportId) throw new DomainError(DISCUSSION_REFUSALS.reportNotFound);
        if (report.outcome !== null) throw new DomainError(DISCUSSION_REFUSALS.reportResolved);
        if ((command.action === 'hide') !== (report.commentId !== null) && command.action !== 'dismiss')
          throw new DomainError(DISCUSSION_REFUSALS.wrongTarget, { field: 'action' });
        const outcome = OUTCOMES[command.action];
        return [{ type: 'ReportResolved', data: { reportId: command.reportId, outcome, reason: command.reason, resolvedBy: command.actor.userId } }];
      }
    }
  },
};
