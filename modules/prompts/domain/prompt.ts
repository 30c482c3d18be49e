import {
  isReservedAuthorName,
  UNDO_DELETE_MS,
  type RejectionView,
  MAX_PENDING_PER_AUTHOR,
  PROMPT_REFUSALS,
  shareRefusal,
  type VersionContent,
  type VersionStatus,
  type VersionView,
  type Visibility,
} from '../contracts';
import { DomainError, promptStream, type Actor, type Decider, type EventData, type EventInput, type NewEvent, type StoredEvent } from '../../../events';

export { promptStream };

export type PromptStatus = 'none' | 'private' | 'pending' | 'approved' | 'rejected' | 'withdrawn' | 'deleted';

/** How long a deleted prompt waits in Recently deleted, restorable, before the purge takes it. */
export const RESTORE_WINDOW_MS = 30 * 24 * 60 * 60 * 1000;

/** What an edit sets: every field, so a version reads from one event. */
export type PromptContent = VersionContent;

/** One version: the Nth content-changing event of the stream, and how it stands now. */
export type PromptVersion = Omit<VersionView, 'current'>;

export interface PromptState {
  status: PromptStatus;
  /** The account that submitted it (null: the seed, imports). */
  submittedBy: number | null;
  /** Withdrawn by its author: final, the admin cannot publish it again. */
  withdrawnByAuthor: boolean;
  /** Every version, oldest first (version N at index N - 1). */
  versions: readonly PromptVersion[];
  /** The version the prompt shows: its published one, or the live one of an unpublished prompt (0: none yet). */
  shown: number;
  /** The author's revision of the published prompt awaiting review, if any. */
  pendingRevision: number | null;
  /** The version the admin last rejected in the first review (a resubmission must change it). */
  rejectedVersion: number | null;
  /** A deleted prompt's status before its deletion, what restoring brings back (null: not deleted). */
  beforeDeletion: 'private' | 'rejected' | 'withdrawn' | null;
  /** When a deleted prompt may be purged (ISO; null: not deleted). */
  purgeAfter: string | null;
  /** When it was deleted (ISO; null: not deleted), and the public status the deletion withdrew it from. */
  deletedAt: string | null;
  withdrewOnDeletion: 'pending' | 'approved' | null;
  /** The revision that waited for review when a published prompt was deleted (withdrawn with it): the Undo puts it back in the queue. */
  revisionWithdrawnOnDeletion: number | null;
}

export const initialPromptState: PromptState = {
  status: 'none',
  submittedBy: null,
  withdrawnByAuthor: false,
  versions: [],
  shown: 0,
  pendingRevision: null,
  rejectedVersion: null,
  beforeDeletion: null,
  purgeAfter: null,
  deletedAt: null,
  withdrewOnDeletion: null,
  revisionWithdrawnOnDeletion: null,
};

/** The versions with `version`'s status set to `to` (only when it is now one of `from`, if given). */
function restatus(versions: readonly PromptVersion[], version: number | null, to: VersionStatus, from?: readonly VersionStatus[]): readonly PromptVersion[] {
  if (version === null) return versions;
  return versions.map((v) => (v.version === version && (!from || from.includes(v.status)) ? { ...v, status: to } : v));
}

function firstVersion(data: PromptContent, at: string, status: VersionStatus): PromptVersion[] {
  const { title, description, content, categoryId } = data;
  return [{ version: 1, title, description, content, categoryId, note: null, restoredFrom: null, at, status }];
}

function versionOf(data: EventData<'PromptEdited'> | EventData<'PromptRevisionProposed'>, at: string, status: VersionStatus): PromptVersion {
  const { version, title, description, content, categoryId, note, restoredFrom } = data;
  return { version, title, description, content, categoryId, note, restoredFrom, at, status };
}

/**
 * The versions with the text an approval published written over the version's own: the
 * version's event is sealed with its author's key, and once they are forgotten only the
 * publishing event still holds what the public read.
 */
function withPublished(versions: readonly PromptVersion[], version: number, published: EventData<'PromptReviewed'>['published']): readonly PromptVersion[] {
  if (!published) return versions;
  return versions.map((v) => (v.version === version ? { ...v, ...published } : v));
}

/** The text an approval of `version` publishes, in clear (events/contracts/prompts.ts). */
export function publishedOf(state: PromptState, version: number): NonNullable<EventData<'PromptReviewed'>['published']> {
  const { title, description, content, categoryId, note } = state.versions[version - 1];
  return { title, description, content, categoryId, note };
}

/** The version statuses follow the prompt's: docs/review.md, "Editing and versions". */
export function evolvePrompt(state: PromptState, event: StoredEvent): PromptState {
  const at = new Date(event.createdAt).toISOString();
  switch (event.type) {
    case 'PromptSubmitted': {
      // An imported prompt's first version dates from its original submission.
      const submittedAt = new Date(event.data.submittedAt ?? event.createdAt).toISOString();
      return {
        ...initialPromptState,
        status: 'pending',
        submittedBy: event.data.submittedBy,
        versions: firstVersion(event.data, submittedAt, 'pending'),
        shown: 1,
      };
    }
    case 'PromptSavedPrivately':
      return { ...initialPromptState, status: 'private', submittedBy: event.data.savedBy, versions: firstVersion(event.data, at, 'draft'), shown: 1 };
    case 'PromptSharedForReview':
      return { ...state, status: 'pending', versions: restatus(state.versions, state.shown, 'pending') };
    case 'PromptReviewed': {
      // Approving publishes the content shown; rejecting marks what the admin saw (a pending prompt's).
      const versions = event.data.isApproved
        ? withPublished(restatus(state.versions, state.shown, 'published'), state.shown, event.data.published)
        : restatus(state.versions, state.shown, 'rejected', ['pending']);
      const rejectedVersion = event.data.isApproved ? state.rejectedVersion : state.shown;
      return { ...state, status: event.data.isApproved ? 'approved' : 'rejected', versions, rejectedVersion };
    }
    case 'PromptResubmitted':
      return { ...state, status: 'pending', versions: restatus(state.versions, state.shown, 'pending', ['draft']) };
    case 'PromptWithdrawn': {
      // Nothing waits for review any more: a pending prompt's content was never public (a draft); a pending revision is withdrawn.
      const versions = restatus(restatus(state.versions, state.shown, 'draft', ['pending']), state.pendingRevision, 'withdrawn');
      return { ...state, status: 'withdrawn', withdrawnByAuthor: state.withdrawnByAuthor || event.data.byAuthor, versions, pendingRevision: null };
    }
    case 'PromptEdited': {
      // Published by the admin: public at once. Pending: the new content waits instead of the old one.
      const status: VersionStatus = state.status === 'approved' ? 'published' : state.status === 'pending' ? 'pending' : 'draft';
      const versions = state.status === 'pending' ? restatus(state.versions, state.shown, 'draft', ['pending']) : state.versions;
      return { ...state, versions: [...versions, versionOf(event.data, at, status)], shown: event.data.version };
    }
    case 'PromptRevisionProposed': {
      const versions = restatus(state.versions, state.pendingRevision, 'withdrawn');
      return { ...state, versions: [...versions, versionOf(event.data, at, 'pending')], pendingRevision: event.data.version };
    }
    case 'PromptRevisionReviewed': {
      const { version, isApproved } = event.data;
      const versions = withPublished(restatus(state.versions, version, isApproved ? 'published' : 'rejected'), version, event.data.published);
      return { ...state, versions, pendingRevision: null, shown: isApproved ? version : state.shown };
    }
    case 'PromptRevisionWithdrawn':
      return { ...state, versions: restatus(state.versions, event.data.version, 'withdrawn'), pendingRevision: null };
    case 'PromptDeleted': {
      // Deciding withdraws a pending or published prompt first, so what is left is one of these.
      const before = state.status === 'private' || state.status === 'rejected' ? state.status : 'withdrawn';
      return {
        ...state,
        status: 'deleted',
        beforeDeletion: before,
        purgeAfter: event.data.purgeAfter,
        deletedAt: at,
        withdrewOnDeletion: event.data.withdrew ?? null,
        revisionWithdrawnOnDeletion: event.data.withdrewRevision ?? null,
      };
    }
    case 'PromptUndeleted': {
      const restored = {
        ...state,
        status: event.data.status,
        beforeDeletion: null,
        purgeAfter: null,
        deletedAt: null,
        withdrewOnDeletion: null,
        revisionWithdrawnOnDeletion: null,
      };
      // Undone at once: the withdrawal was the deletion's own, so it is undone with it (a pending version waits again).
      if (event.data.status === 'pending')
        return { ...restored, withdrawnByAuthor: false, versions: restatus(state.versions, state.shown, 'pending', ['draft']) };
      const revision = event.data.revision ?? null;
      if (event.data.status === 'approved')
        return revision === null
          ? { ...restored, withdrawnByAuthor: false }
          : { ...restored, withdrawnByAuthor: false, versions: restatus(state.versions, revision, 'pending', ['withdrawn']), pendingRevision: revision };
      return restored;
    }
    case 'PromptDiscarded':
    case 'PromptForgotten':
    case 'PromptPurged':
      // Gone as if never saved: every later command finds nothing.
      return initialPromptState;
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
  /**
   * The submitting account's own name. An author name other than it is a pen name, which
   * nothing public links to the account; absent for a member's submission, the byline counts
   * as a pen name.
   */
  accountName?: string;
  authorImage?: string;
  isFeatured: boolean;
  isEditorsPick: boolean;
  /** Imports and the seed only: the original submission date. */
  submittedAt?: string;
  /** "private": kept by its author, never reviewed (absent: public, submitted for review). */
  visibility?: Visibility;
  /** The import that brings it (private prompts only): its undo takes the prompt back. */
  importBatch?: number;
  /** Near-duplicates the server found at submission (public prompts), and the submitter's note about them. */
  similarTo?: number[];
  duplicateNote?: string | null;
}

export type PromptCommand =
  /**
   * `pendingByAuthor`: how many of the actor's prompts wait for review now (from the review
   * read model, read just before): the decision refuses a member past MAX_PENDING_PER_AUTHOR.
   */
  | { kind: 'submit'; promptId: number; submission: SubmitCommand; actor: Actor; pendingByAuthor?: number }
  /** The first decision, from the queue: only a pending prompt. */
  | { kind: 'review'; promptId: number; isApproved: boolean; actor: Actor; rejection?: RejectionView }
  /** The admin changes a decision later: publish a rejected or withdrawn one, or withdraw an approved one. */
  | { kind: 're-review'; promptId: number; isApproved: boolean; actor: Actor }
  /** The author (or the admin) takes a prompt out of every public list. */
  | { kind: 'withdraw'; promptId: number; actor: Actor }
  /** The author submits their private prompt to the community (`pendingByAuthor` as for submit). */
  | { kind: 'share'; promptId: number; actor: Actor; pendingByAuthor?: number; similarTo?: number[] }
  /** The author (or the admin) changes some of the content, with an optional change note. */
  | { kind: 'edit'; promptId: number; change: Partial<PromptContent>; note: string | null; actor: Actor }
  /** A new version equal to version `version`'s content. */
  | { kind: 'restore'; promptId: number; version: number; note: string | null; actor: Actor }
  /** The author takes back their pending revision. */
  | { kind: 'withdraw-revision'; promptId: number; actor: Actor }
  /** The admin approves or rejects the pending revision `version`. */
  | { kind: 'review-revision'; promptId: number; version: number; isApproved: boolean; actor: Actor; rejection?: RejectionView }
  /** The author sends their rejected prompt, changed since, back to review. */
  | { kind: 'resubmit'; promptId: number; actor: Actor; pendingByAuthor?: number }
  /** Undoing an import: the import's own prompt goes, if still private (its undo decides which: domain/import.ts). */
  | { kind: 'discard'; promptId: number; importBatch: number; actor: Actor }
  /** Its author's account is being deleted: what they never published goes with them. */
  | { kind: 'forget'; promptId: number; userId: number }
  /** Its author deletes it, whatever its status, into Recently deleted (`now`: the decision's time). */
  | { kind: 'delete'; promptId: number; actor: Actor; now: Date }
  /** Its author restores it from Recently deleted, or undoes its deletion (`now`: the decision's time). */
  | { kind: 'undelete'; promptId: number; actor: Actor; now: Date }
  /** The purge: a deleted prompt whose restore window has run out goes for good. */
  | { kind: 'purge'; promptId: number; now: Date }
  /**
   * "Save a copy": a new private prompt (`promptId`, a fresh stream) of the actor's, made from
   * the published version of someone else's public prompt `sourceId`, whose stream the plan
   * reads (so the state decided on is the source's). `authorName`: the actor's account name.
   */
  | { kind: 'copy'; promptId: number; sourceId: number; authorName: string; actor: Actor };

/** A member's byline is a pen name unless it is their account's own name (the seed's and the system's belong to no account). */
function isPenName(actor: Actor, command: Pick<SubmitCommand, 'authorName' | 'accountName'>): boolean {
  return actor.userId !== null && command.authorName.trim() !== command.accountName?.trim();
}

/** Curation flags are the admin's to set; anyone else's request for them is ignored. */
export function decideSubmit(promptId: number, command: SubmitCommand, actor: Actor, pendingByAuthor = 0): NewEvent[] {
  // Visitors do not submit (docs/decisions/0012-visitors-do-not-submit.md); the system does (seed).
  if (actor.userId === null && !actor.isAdmin) throw new DomainError(PROMPT_REFUSALS.signInToSubmit);
  if (!actor.isAdmin && isReservedAuthorName(command.authorName)) throw new DomainError(PROMPT_REFUSALS.reservedAuthor, { field: 'authorName' });
  if (command.visibility === 'private') return decideKeepPrivate(promptId, command, actor);
  // One account cannot flood the admin's queue: the admin and the seed are exempt.
  if (!actor.isAdmin && pendingByAuthor >= MAX_PENDING_PER_AUTHOR) throw new DomainError(PROMPT_REFUSALS.tooManyPending({ limit: MAX_PENDING_PER_AUTHOR }));
  const curated = actor.isAdmin;
  const data: EventInput<'PromptSubmitted'> = {
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
    penName: isPenName(actor, command),
    ...(command.submittedAt && curated ? { submittedAt: command.submittedAt } : {}),
    ...(command.similarTo?.length ? { similarTo: command.similarTo, duplicateNote: command.duplicateNote ?? null } : {}),
  };
  return [{ type: 'PromptSubmitted', data }];
}

/** A private prompt waits for nobody's review, so the pending limit does not apply; curation is for public prompts. */
function decideKeepPrivate(promptId: number, command: SubmitCommand, actor: Actor): NewEvent[] {
  // The system (seed, imports) has no account to keep a prompt for.
  if (actor.userId === null) throw new DomainError(PROMPT_REFUSALS.privateNeedsUser);
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
    penName: isPenName(actor, command),
    ...(command.importBatch ? { importBatch: command.importBatch } : {}),
  };
  return [{ type: 'PromptSavedPrivately', data }];
}

/**
 * The author submits a private prompt to the community: it becomes pending. Anyone else,
 * the admin included, learns nothing of it (not found), as with every read of it.
 */
export function decideShare(state: PromptState, promptId: number, actor: Actor, pendingByAuthor = 0, similarTo: number[] = []): NewEvent[] {
  const isAuthor = actor.userId !== null && actor.userId === state.submittedBy;
  if (state.status === 'none' || !isAuthor) throw new DomainError(PROMPT_REFUSALS.notFound);
  if (state.status !== 'private') throw new DomainError(PROMPT_REFUSALS.alreadyShared);
  if (!actor.isAdmin && pendingByAuthor >= MAX_PENDING_PER_AUTHOR) throw new DomainError(PROMPT_REFUSALS.tooManyPending({ limit: MAX_PENDING_PER_AUTHOR }));
  // A private prompt may be longer than the public library takes (an import keeps it whole): it says why, and stays private.
  const refusal = shareRefusal(state.versions.at(-1)!);
  if (refusal) throw new DomainError(refusal);
  return [{ type: 'PromptSharedForReview', data: { promptId, submittedBy: actor.userId!, ...(similarTo.length ? { similarTo } : {}) } }];
}

function requireAdmin(actor: Actor) {
  if (!actor.isAdmin) throw new DomainError(PROMPT_REFUSALS.adminOnly);
}

/** The reason and note a decision records: a rejection's own, nothing for an approval. */
function reasonOf(isApproved: boolean, rejection: RejectionView | undefined): Partial<RejectionView> {
  if (isApproved) return {};
  return { reason: rejection?.reason ?? null, note: rejection?.note ?? null };
}

export function decideReview(state: PromptState, promptId: number, isApproved: boolean, actor: Actor, rejection?: RejectionView): NewEvent[] {
  requireAdmin(actor);
  if (state.status === 'none' || state.status === 'private') throw new DomainError(PROMPT_REFUSALS.notFound);
  if (state.status !== 'pending') throw new DomainError(PROMPT_REFUSALS.alreadyReviewed);
  const published = isApproved ? { published: publishedOf(state, state.shown) } : {};
  return [{ type: 'PromptReviewed', data: { promptId, isApproved, reviewedBy: actor.userId, ...reasonOf(isApproved, rejection), ...published } }];
}

/**
 * The author sends their rejected prompt back to the queue once they have changed it since the
 * rejection (the same content would only be rejected again); the pending limit applies as to a
 * new submission. Anyone else learns nothing of it.
 */
export function decideResubmit(state: PromptState, promptId: number, actor: Actor, pendingByAuthor = 0): NewEvent[] {
  const isAuthor = actor.userId !== null && actor.userId === state.submittedBy;
  if (state.status === 'none' || state.status === 'private' || !isAuthor) throw new DomainError(PROMPT_REFUSALS.notFound);
  if (state.status !== 'rejected' || state.rejectedVersion === null) throw new DomainError(PROMPT_REFUSALS.notRejected);
  if (state.shown === state.rejectedVersion) throw new DomainError(PROMPT_REFUSALS.unchanged);
  if (!actor.isAdmin && pendingByAuthor >= MAX_PENDING_PER_AUTHOR) throw new DomainError(PROMPT_REFUSALS.tooManyPending({ limit: MAX_PENDING_PER_AUTHOR }));
  return [{ type: 'PromptResubmitted', data: { promptId, version: state.shown, rejectedVersion: state.rejectedVersion, resubmittedBy: actor.userId! } }];
}

/**
 * A later change of decision. Approving publishes a rejected prompt or one the admin
 * withdrew; not approving withdraws a published one. Anything else changes nothing and is
 * a conflict, so a repeated click never adds a second event.
 */
export function decideReReview(state: PromptState, promptId: number, isApproved: boolean, actor: Actor): NewEvent[] {
  requireAdmin(actor);
  if (state.status === 'none' || state.status === 'private') throw new DomainError(PROMPT_REFUSALS.notFound);
  if (state.status === 'pending') throw new DomainError(PROMPT_REFUSALS.stillPending);
  if (isApproved) {
    if (state.status === 'approved') throw new DomainError(PROMPT_REFUSALS.alreadyApproved);
    if (state.withdrawnByAuthor) throw new DomainError(PROMPT_REFUSALS.withdrawnByAuthor);
    return [{ type: 'PromptReviewed', data: { promptId, isApproved: true, reviewedBy: actor.userId, published: publishedOf(state, state.shown) } }];
  }
  if (state.status !== 'approved') throw new DomainError(PROMPT_REFUSALS.notPublished);
  return [{ type: 'PromptWithdrawn', data: { promptId, withdrawnBy: actor.userId, byAuthor: false } }];
}

/**
 * The author's withdraw (the admin may too). Pending, published or rejected alike leave
 * every list; withdrawing again changes nothing. Someone else learns no more than a
 * visitor would: a prompt they cannot see is not found.
 */
export function decideWithdraw(state: PromptState, promptId: number, actor: Actor): NewEvent[] {
  const isAuthor = actor.userId !== null && actor.userId === state.submittedBy;
  if (state.status === 'none') throw new DomainError(PROMPT_REFUSALS.notFound);
  // The admin never sees a private prompt, so cannot withdraw one either.
  if (!isAuthor && (!actor.isAdmin || state.status === 'private')) {
    if (state.status === 'approved') throw new DomainError(PROMPT_REFUSALS.withdrawForbidden);
    throw new DomainError(PROMPT_REFUSALS.notFound);
  }
  // Withdrawing would write its title into the admin's review history; it is in no list to leave.
  if (state.status === 'private') throw new DomainError(PROMPT_REFUSALS.privateNotListed);
  if (state.status === 'withdrawn' && (state.withdrawnByAuthor || !isAuthor)) return [];
  return [{ type: 'PromptWithdrawn', data: { promptId, withdrawnBy: actor.userId, byAuthor: isAuthor } }];
}

/**
 * Who may change a prompt's content: its author, and the admin unless it is private. Anyone
 * else learns no more than a visitor would (not found). A withdrawn prompt stays as it was.
 */
function requireEditor(state: PromptState, actor: Actor): { isAuthor: boolean } {
  const isAuthor = actor.userId !== null && actor.userId === state.submittedBy;
  const mayEdit = actor.userId !== null && (isAuthor || (actor.isAdmin && state.status !== 'private'));
  if (state.status === 'none' || !mayEdit) throw new DomainError(PROMPT_REFUSALS.notFound);
  if (state.status === 'withdrawn') throw new DomainError(PROMPT_REFUSALS.withdrawnPrompt);
  return { isAuthor };
}

const sameContent = (a: PromptContent, b: PromptContent) =>
  a.title === b.title && a.description === b.description && a.content === b.content && a.categoryId === b.categoryId;

/**
 * An edit is the prompt's next version. It applies at once unless the prompt is published and
 * its editor is not the admin: then it is a revision that waits for review (and replaces one
 * already waiting), while the public keeps the published version. An edit equal to what the
 * editor works on (the pending revision, else the shown version) appends nothing.
 */
export function decideEdit(
  state: PromptState,
  promptId: number,
  change: Partial<PromptContent>,
  note: string | null,
  actor: Actor,
  restoredFrom: number | null = null,
): NewEvent[] {
  requireEditor(state, actor);
  const proposes = state.status === 'approved' && !actor.isAdmin;
  const base = state.versions[(proposes && state.pendingRevision !== null ? state.pendingRevision : state.shown) - 1];
  const next: PromptContent = {
    title: change.title ?? base.title,
    description: change.description ?? base.description,
    content: change.content ?? base.content,
    categoryId: change.categoryId ?? base.categoryId,
  };
  if (sameContent(next, base)) return [];
  const data = { promptId, version: state.versions.length + 1, ...next, note, restoredFrom };
  if (proposes) return [{ type: 'PromptRevisionProposed', data: { ...data, proposedBy: actor.userId! } }];
  // Public at once only when the prompt is published (the admin's edit); else its author's alone.
  const privateTo = state.status === 'approved' ? null : state.submittedBy;
  return [{ type: 'PromptEdited', data: { ...data, editedBy: actor.userId!, privateTo } }];
}

/** Restoring appends a new version equal to an earlier one's content: nothing is ever deleted. */
export function decideRestore(state: PromptState, promptId: number, version: number, note: string | null, actor: Actor): NewEvent[] {
  requireEditor(state, actor);
  const restored = state.versions[version - 1];
  if (!restored) throw new DomainError(PROMPT_REFUSALS.versionNotFound);
  const { title, description, content, categoryId } = restored;
  return decideEdit(state, promptId, { title, description, content, categoryId }, note, actor, version);
}

export function decideWithdrawRevision(state: PromptState, promptId: number, actor: Actor): NewEvent[] {
  const { isAuthor } = requireEditor(state, actor);
  if (!isAuthor) throw new DomainError(PROMPT_REFUSALS.revisionAuthorOnly);
  if (state.pendingRevision === null) throw new DomainError(PROMPT_REFUSALS.noPendingRevision);
  return [{ type: 'PromptRevisionWithdrawn', data: { promptId, version: state.pendingRevision, withdrawnBy: actor.userId! } }];
}

export function decideReviewRevision(
  state: PromptState,
  promptId: number,
  version: number,
  isApproved: boolean,
  actor: Actor,
  rejection?: RejectionView,
): NewEvent[] {
  requireAdmin(actor);
  if (state.status === 'none' || state.status === 'private') throw new DomainError(PROMPT_REFUSALS.notFound);
  if (version > state.versions.length) throw new DomainError(PROMPT_REFUSALS.versionNotFound);
  if (version !== state.pendingRevision) throw new DomainError(PROMPT_REFUSALS.revisionNotPending);
  const published = isApproved ? { published: publishedOf(state, version) } : {};
  return [
    { type: 'PromptRevisionReviewed', data: { promptId, version, isApproved, reviewedBy: actor.userId!, ...reasonOf(isApproved, rejection), ...published } },
  ];
}

/**
 * Its author is being deleted (in the deletion's transaction): a prompt never published, or
 * no longer published, is forgotten with them, so no later review can publish their text; a
 * published one stays, its pending revision withdrawn. Nothing else of it changes.
 */
export function decideForget(state: PromptState, promptId: number, userId: number): NewEvent[] {
  if (state.status === 'none' || state.submittedBy !== userId) return [];
  if (state.status !== 'approved') return [{ type: 'PromptForgotten', data: { promptId, userId } }];
  if (state.pendingRevision === null) return [];
  return [{ type: 'PromptRevisionWithdrawn', data: { promptId, version: state.pendingRevision, withdrawnBy: userId } }];
}

const isAuthorOf = (state: PromptState, actor: Actor) => actor.userId !== null && actor.userId === state.submittedBy;

/**
 * The author deletes their prompt, whatever its status: a pending or published one is first
 * withdrawn (it leaves the queue and every public list), then it waits in Recently deleted for
 * RESTORE_WINDOW_MS. Deleting again changes nothing. Anyone else, the admin included, learns
 * nothing of it (the admin withdraws, never deletes).
 */
export function decideDelete(state: PromptState, promptId: number, actor: Actor, now: Date): NewEvent[] {
  if (state.status === 'none' || !isAuthorOf(state, actor)) throw new DomainError(PROMPT_REFUSALS.notFound);
  if (state.status === 'deleted') return [];
  const deletedBy = actor.userId!;
  const withdrew = state.status === 'pending' || state.status === 'approved' ? state.status : null;
  const purgeAfter = new Date(now.getTime() + RESTORE_WINDOW_MS).toISOString();
  // A published prompt's revision waiting for review is withdrawn with it: named, so the Undo can put it back.
  const withdrewRevision = state.status === 'approved' ? state.pendingRevision : null;
  const deleted: NewEvent = {
    type: 'PromptDeleted',
    data: { promptId, deletedBy, purgeAfter, withdrew, ...(withdrewRevision === null ? {} : { withdrewRevision }) },
  };
  if (withdrew) return [{ type: 'PromptWithdrawn', data: { promptId, withdrawnBy: deletedBy, byAuthor: true } }, deleted];
  return [deleted];
}

/**
 * The author restores a deleted prompt; one not deleted is a conflict. Undone within
 * UNDO_DELETE_MS of its deletion (the toast's Undo), a pending or published prompt comes back
 * as it was: back in the queue, or published again without a new review, since the public
 * read that very text moments before. Restored later (Recently deleted), it comes back as the
 * deletion left it: withdrawn, like any author's withdrawal (private and rejected ones as they were).
 */
export function decideUndelete(state: PromptState, promptId: number, actor: Actor, now: Date): NewEvent[] {
  if (state.status === 'none' || !isAuthorOf(state, actor)) throw new DomainError(PROMPT_REFUSALS.notFound);
  if (state.status !== 'deleted' || state.beforeDeletion === null) throw new DomainError(PROMPT_REFUSALS.notDeleted);
  const undone = state.withdrewOnDeletion !== null && state.deletedAt !== null && now.getTime() - Date.parse(state.deletedAt) <= UNDO_DELETE_MS;
  const status = undone ? state.withdrewOnDeletion! : state.beforeDeletion;
  const revision = undone && status === 'approved' ? state.revisionWithdrawnOnDeletion : null;
  return [{ type: 'PromptUndeleted', data: { promptId, restoredBy: actor.userId!, status, ...(revision === null ? {} : { revision }) } }];
}

/** The purge takes a deleted prompt once its restore window has run out; anything else stays (nothing appended). */
export function decidePurge(state: PromptState, promptId: number, now: Date): NewEvent[] {
  if (state.status !== 'deleted' || state.purgeAfter === null || state.submittedBy === null) return [];
  if (new Date(state.purgeAfter).getTime() > now.getTime()) return [];
  return [{ type: 'PromptPurged', data: { promptId, userId: state.submittedBy } }];
}

/**
 * A copy of a public prompt goes into the actor's library as their private prompt, its
 * published text and variables as they read now, remembering which prompt and version it came
 * from. Only a published prompt is copied (anything else is not found, as to a visitor); its
 * own author is told it is already theirs (a pen name hides them from the page, not from this).
 */
export function decideCopy(source: PromptState, command: Extract<PromptCommand, { kind: 'copy' }>): NewEvent[] {
  const { actor } = command;
  if (actor.userId === null) throw new DomainError(PROMPT_REFUSALS.privateNeedsUser);
  if (source.status !== 'approved') throw new DomainError(PROMPT_REFUSALS.notFound);
  if (source.submittedBy === actor.userId) throw new DomainError(PROMPT_REFUSALS.copyOwn);
  const { title, description, content, categoryId } = source.versions[source.shown - 1];
  const data: EventData<'PromptSavedPrivately'> = {
    promptId: command.promptId,
    title,
    description,
    content,
    categoryId,
    authorName: command.authorName,
    authorImage: null,
    savedBy: actor.userId,
    penName: false,
    copiedFrom: { promptId: command.sourceId, version: source.shown },
  };
  return [{ type: 'PromptSavedPrivately', data }];
}

/** The commands a deleted prompt answers; to every other it is not found, as if gone. */
const ON_DELETED = new Set<PromptCommand['kind']>(['delete', 'undelete', 'purge', 'forget']);

/**
 * An undone import takes back its prompt while it is its author's alone; one shared with the
 * community since stays (nothing is appended: the undo counts it as kept).
 */
export function decideDiscard(state: PromptState, promptId: number, importBatch: number, actor: Actor): NewEvent[] {
  const isAuthor = actor.userId !== null && actor.userId === state.submittedBy;
  if (state.status === 'none' || !isAuthor) throw new DomainError(PROMPT_REFUSALS.notFound);
  if (state.status !== 'private') return [];
  return [{ type: 'PromptDiscarded', data: { promptId, discardedBy: actor.userId!, importBatch } }];
}

/**
 * The versions `viewer` may see, oldest first, or null (not found): all of them for the author
 * and, unless it is private, the admin; only the published ones of a public prompt for anyone else.
 */
export function visibleVersions(state: PromptState, viewer: Actor): VersionView[] | null {
  if (state.status === 'none' || state.status === 'deleted') return null;
  const isAuthor = viewer.userId !== null && viewer.userId === state.submittedBy;
  const seesAll = isAuthor || (viewer.isAdmin && state.status !== 'private');
  if (!seesAll && state.status !== 'approved') return null;
  const versions = seesAll ? state.versions : state.versions.filter((v) => v.status === 'published');
  return versions.map((v) => ({ ...v, current: v.version === state.shown }));
}

export const promptDecider: Decider<PromptState, PromptCommand> = {
  initialState: initialPromptState,
  evolve: evolvePrompt,
  decide(command, state) {
    if (state.status === 'deleted' && !ON_DELETED.has(command.kind)) throw new DomainError(PROMPT_REFUSALS.notFound);
    switch (command.kind) {
      case 'submit':
        if (state.status !== 'none') throw new DomainError(PROMPT_REFUSALS.exists);
        return decideSubmit(command.promptId, command.submission, command.actor, command.pendingByAuthor);
      case 'review':
        return decideReview(state, command.promptId, command.isApproved, command.actor, command.rejection);
      case 're-review':
        return decideReReview(state, command.promptId, command.isApproved, command.actor);
      case 'withdraw':
        return decideWithdraw(state, command.promptId, command.actor);
      case 'share':
        return decideShare(state, command.promptId, command.actor, command.pendingByAuthor, command.similarTo);
      case 'edit':
        return decideEdit(state, command.promptId, command.change, command.note, command.actor);
      case 'restore':
        return decideRestore(state, command.promptId, command.version, command.note, command.actor);
      case 'withdraw-revision':
        return decideWithdrawRevision(state, command.promptId, command.actor);
      case 'review-revision':
        return decideReviewRevision(state, command.promptId, command.version, command.isApproved, command.actor, command.rejection);
      case 'resubmit':
        return decideResubmit(state, command.promptId, command.actor, command.pendingByAuthor);
      case 'discard':
        return decideDiscard(state, command.promptId, command.importBatch, command.actor);
      case 'forget':
        return decideForget(state, command.promptId, command.userId);
      case 'delete':
        return decideDelete(state, command.promptId, command.actor, command.now);
      case 'undelete':
        return decideUndelete(state, command.promptId, command.actor, command.now);
      case 'purge':
        return decidePurge(state, command.promptId, command.now);
      case 'copy':
        return decideCopy(state, command);
    }
  },
};
