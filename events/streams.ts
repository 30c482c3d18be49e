import type { StoredEvent } from './types';

/**
 * Facts one module decides on and another module owns. Modules never import each other;
 * they read each other's streams, so the stream names and the folds of those facts are
 * shared here.
 */
export const promptStream = (promptId: number) => `prompt-${promptId}`;

/** An account's own stream (modules/accounts): read by decisions about a member, e.g. featuring them. */
export const accountStream = (userId: number) => `user-${userId}`;

/** Whether an account exists and has not been deleted, folded from its stream. */
export function evolveAccountLive(live: boolean, event: StoredEvent): boolean {
  if (event.type === 'UserRegistered') return true;
  return event.type === 'AccountDeleted' ? false : live;
}

/** One import's record (modules/prompts/domain/import.ts): its prompts, and whether it was undone. */
export const importStream = (batchId: number) => `import-${batchId}`;

/** Whether a prompt is public, folded from its stream (a withdrawn prompt no longer is). */
export function evolvePromptApproved(approved: boolean, event: StoredEvent): boolean {
  if (event.type === 'PromptWithdrawn') return false;
  return event.type === 'PromptReviewed' ? event.data.isApproved : approved;
}

/** Who may use a prompt: everyone while it is public; its author always (private, pending or not). */
export interface PromptAccess {
  approved: boolean;
  authorId: number | null;
}
export const UNKNOWN_PROMPT: PromptAccess = { approved: false, authorId: null };

export function evolvePromptAccess(state: PromptAccess, event: StoredEvent): PromptAccess {
  if (event.type === 'PromptSubmitted') return { ...state, authorId: event.data.submittedBy };
  if (event.type === 'PromptSavedPrivately') return { ...state, authorId: event.data.savedBy };
  // A deleted prompt is nobody's to use until restored (it was withdrawn first, so it is not public).
  if (event.type === 'PromptDiscarded' || event.type === 'PromptDeleted' || event.type === 'PromptPurged') return UNKNOWN_PROMPT;
  if (event.type === 'PromptUndeleted') return { approved: false, authorId: event.data.restoredBy };
  return { ...state, approved: evolvePromptApproved(state.approved, event) };
}

export const mayUsePrompt = (access: PromptAccess, userId: number) => access.approved || access.authorId === userId;

/**
 * The version a prompt shows (the catalog's `version`): its published one, or the live one of
 * an unpublished prompt. What a use, rating, bookmark or collection item records it was about.
 */
export function evolveShownVersion(version: number, event: StoredEvent): number {
  switch (event.type) {
    case 'PromptSubmitted':
    case 'PromptSavedPrivately':
      return 1;
    case 'PromptEdited':
      return event.data.version;
    case 'PromptRevisionReviewed':
      return event.data.isApproved ? event.data.version : version;
    default:
      return version;
  }
}
