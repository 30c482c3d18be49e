import { MAX_PENDING_PER_AUTHOR, SUBMIT_MESSAGES, type Visibility } from '../contracts';
import { DomainError, promptStream, type Actor, type Decider, type EventData, type NewEvent, type StoredEvent } from '../../../events';

import { isReservedAuthorName, RESERVED_AUTHOR_MESSAGE } from '../contracts';

export { promptStream };

export type PromptStatus = 'none' | 'private' | 'pending' | 'approved' | 'rejected' | 'withdrawn';

export interface PromptState {
  status: PromptStatus;
  /** The account that submitted it (null: the seed, imports). */
  submittedBy: number | null;
  /** Withdrawn by its author: final, the admin cannot publish it again. */
  withdrawnByAuthor: boolean;
}

export const initialPromptState: PromptState = { status: 'none', submittedBy: null, withdrawnByAuthor: false };

export function evolvePrompt(state: PromptState, event: StoredEvent): PromptState {
  switch (event.type) {
    case 'PromptSubmitted':
      return { status: 'pending', submittedBy: event.data.submittedBy, withdrawnByAuthor: false };
    case 'PromptSavedPrivately':
      return { status: 'private', submittedBy: event.data.savedBy, withdrawnByAuthor: false };
    case 'PromptSharedForReview':
      return { ...state, status: 'pending' };
    case 'PromptReviewed':
      return { ...state, status: event.data.isApproved ? 'approved' : 'rejected' };
    case 'PromptWithdrawn':
      return { ...state, status: 'withdrawn', withdrawnByAuthor: state.withdrawnByAuthor || event.data.byAuthor };
    default:
      return state;
  }
}

export interface SubmitCommand {
  title: string;
  description: string;
  content: string;
  categoryId: number;
  authorName: string;
  authorImage?: string;
  isFeatured: boolean;
  isEditorsPick: boolean;
  /** Imports and the seed only: the original submission date. */
  submittedAt?: string;
  /** "private": kept by its author, never reviewed (absent: public, submitted for review). */
  visibility?: Visibility;
}

export type PromptCommand =
  /**
   * `pendingByAuthor`: how many of the actor's prompts wait for review now (from the review
   * read model, read just before): the decision refuses a member past MAX_PENDING_PER_AUTHOR.
   */
  | { kind: 'submit'; promptId: number; submission: SubmitCommand; actor: Actor; pendingByAuthor?: number }
  /** The first decision, from the queue: only a pending prompt. */
  | { kind: 'review'; promptId: number; isApproved: boolean; actor: Actor }
  /** The admin changes a decision later: publish a rejected or withdrawn one, or withdraw an approved one. */
  | { kind: 're-review'; promptId: number; isApproved: boolean; actor: Actor }
  /** The author (or the admin) takes a prompt out of every public list. */
  | { kind: 'withdraw'; promptId: number; actor: Actor }
  /** The author submits their private prompt to the community (`pendingByAuthor` as for submit). */
  | { kind: 'share'; promptId: number; actor: Actor; pendingByAuthor?: number };

/** Curation flags are the admin's to set; anyone else's request for them is ignored. */
export function decideSubmit(promptId: number, command: SubmitCommand, actor: Actor, pendingByAuthor = 0): NewEvent[] {
  // Visitors do not submit (docs/architecture.md, "Submission policy"); the system does (seed).
  if (actor.userId === null && !actor.isAdmin) throw new DomainError('unauthenticated', 'Please sign in to submit prompts.');
  if (!actor.isAdmin && isReservedAuthorName(command.authorName))
    throw new DomainError('invalid', RESERVED_AUTHOR_MESSAGE, [{ path: ['authorName'], message: RESERVED_AUTHOR_MESSAGE, code: 'custom' }]);
  if (command.visibility === 'private') return decideKeepPrivate(promptId, command, actor);
  // One account cannot flood the admin's queue (issue 18): the admin and the seed are exempt.
  if (!actor.isAdmin && pendingByAuthor >= MAX_PENDING_PER_AUTHOR) throw new DomainError('rate_limited', SUBMIT_MESSAGES.tooManyPending);
  const curated = actor.isAdmin;
  const data: EventData<'PromptSubmitted'> = {
    promptId,
    title: command.title,
    description: command.description,
    content: command.content,
    categoryId: command.categoryId,
    authorName: command.authorName,
    authorImage: command.authorImage ?? null,
    isFeatured: curated && command.isFeatured,
    isEditorsPick: curated && command.isEditorsPick,
    submittedBy: actor.userId,
    ...(command.submittedAt && curated ? { submittedAt: command.submittedAt } : {}),
  };
  return [{ type: 'PromptSubmitted', data }];
}

/** A private prompt waits for nobody's review, so the pending limit does not apply; curation is for public prompts. */
function decideKeepPrivate(promptId: number, command: SubmitCommand, actor: Actor): NewEvent[] {
  // The system (seed, imports) has no account to keep a prompt for.
  if (actor.userId === null) throw new DomainError('invalid', 'Only a signed-in user can keep a private prompt');
  const { title, description, content, categoryId, authorName } = command;
  const data: EventData<'PromptSavedPrivately'> = {
    promptId,
    title,
    description,
    content,
    categoryId,
    authorName,
    authorImage: command.authorImage ?? null,
    savedBy: actor.userId,
  };
  return [{ type: 'PromptSavedPrivately', data }];
}

/**
 * The author submits a private prompt to the community: it becomes pending. Anyone else,
 * the admin included, learns nothing of it (not found), as with every read of it.
 */
export function decideShare(state: PromptState, promptId: number, actor: Actor, pendingByAuthor = 0): NewEvent[] {
  const isAuthor = actor.userId !== null && actor.userId === state.submittedBy;
  if (state.status === 'none' || !isAuthor) throw new DomainError('not_found', 'Prompt not found');
  if (state.status !== 'private') throw new DomainError('conflict', 'Only a private prompt can be submitted to the community: this one already has been');
  if (!actor.isAdmin && pendingByAuthor >= MAX_PENDING_PER_AUTHOR) throw new DomainError('rate_limited', SUBMIT_MESSAGES.tooManyPending);
  return [{ type: 'PromptSharedForReview', data: { promptId, submittedBy: actor.userId! } }];
}

function requireAdmin(actor: Actor) {
  if (!actor.isAdmin) throw new DomainError('forbidden', "You don't have admin permissions.");
}

export function decideReview(state: PromptState, promptId: number, isApproved: boolean, actor: Actor): NewEvent[] {
  requireAdmin(actor);
  if (state.status === 'none' || state.status === 'private') throw new DomainError('not_found', 'Prompt not found');
  if (state.status !== 'pending') throw new DomainError('conflict', 'This prompt has already been reviewed');
  return [{ type: 'PromptReviewed', data: { promptId, isApproved, reviewedBy: actor.userId } }];
}

/**
 * A later change of decision. Approving publishes a rejected prompt or one the admin
 * withdrew; not approving withdraws a published one. Anything else changes nothing and is
 * a conflict, so a repeated click never adds a second event.
 */
export function decideReReview(state: PromptState, promptId: number, isApproved: boolean, actor: Actor): NewEvent[] {
  requireAdmin(actor);
  if (state.status === 'none' || state.status === 'private') throw new DomainError('not_found', 'Prompt not found');
  if (state.status === 'pending') throw new DomainError('conflict', 'This prompt is still pending: review it from the queue');
  if (isApproved) {
    if (state.status === 'approved') throw new DomainError('conflict', 'This prompt is already approved');
    if (state.withdrawnByAuthor) throw new DomainError('conflict', 'Its author withdrew this prompt');
    return [{ type: 'PromptReviewed', data: { promptId, isApproved: true, reviewedBy: actor.userId } }];
  }
  if (state.status !== 'approved') throw new DomainError('conflict', 'This prompt is not published');
  return [{ type: 'PromptWithdrawn', data: { promptId, withdrawnBy: actor.userId, byAuthor: false } }];
}

/**
 * The author's withdraw (the admin may too). Pending, published or rejected alike leave
 * every list; withdrawing again changes nothing. Someone else learns no more than a
 * visitor would: a prompt they cannot see is not found.
 */
export function decideWithdraw(state: PromptState, promptId: number, actor: Actor): NewEvent[] {
  const isAuthor = actor.userId !== null && actor.userId === state.submittedBy;
  if (state.status === 'none') throw new DomainError('not_found', 'Prompt not found');
  // The admin never sees a private prompt, so cannot withdraw one either.
  if (!isAuthor && (!actor.isAdmin || state.status === 'private')) {
    if (state.status === 'approved') throw new DomainError('forbidden', 'Only its author or the admin can withdraw this prompt');
    throw new DomainError('not_found', 'Prompt not found');
  }
  // Withdrawing would write its title into the admin's review history; it is in no list to leave.
  if (state.status === 'private') throw new DomainError('conflict', 'A private prompt is in no public list: there is nothing to withdraw');
  if (state.status === 'withdrawn' && (state.withdrawnByAuthor || !isAuthor)) return [];
  return [{ type: 'PromptWithdrawn', data: { promptId, withdrawnBy: actor.userId, byAuthor: isAuthor } }];
}

export const promptDecider: Decider<PromptState, PromptCommand> = {
  initialState: initialPromptState,
  evolve: evolvePrompt,
  decide(command, state) {
    switch (command.kind) {
      case 'submit':
        if (state.status !== 'none') throw new DomainError('conflict', 'This prompt already exists');
        return decideSubmit(command.promptId, command.submission, command.actor, command.pendingByAuthor);
      case 'review':
        return decideReview(state, command.promptId, command.isApproved, command.actor);
      case 're-review':
        return decideReReview(state, command.promptId, command.isApproved, command.actor);
      case 'withdraw':
        return decideWithdraw(state, command.promptId, command.actor);
      case 'share':
        return decideShare(state, command.promptId, command.actor, command.pendingByAuthor);
    }
  },
};
