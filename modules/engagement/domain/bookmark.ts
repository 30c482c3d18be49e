import { DomainError, evolvePromptApproved, evolveShownVersion, promptStream, type Decider, type StoredEvent } from '../../../events';
import { ENGAGEMENT_REFUSALS } from '../contracts';

/** One bookmark per user and prompt: decided on this pair's own stream. */
export const bookmarkStream = (userId: number, promptId: number) => `bookmark-${userId}-${promptId}`;
export const bookmarkPlan = (userId: number, promptId: number) => ({
  stream: bookmarkStream(userId, promptId),
  reads: [promptStream(promptId)],
});

export interface BookmarkState {
  promptApproved: boolean;
  /** The prompt's public version (what a new bookmark saves). */
  promptVersion: number;
  /** The current bookmark's id (its Bookmarked event's position), or null. */
  favoriteId: number | null;
}

export type BookmarkCommand =
  | { kind: 'bookmark'; userId: number; promptId: number }
  /** `quiet`: a bookmark that is already gone is not an error (the same remove sent twice). */
  | { kind: 'remove'; userId: number; promptId: number; quiet?: boolean };

export const bookmarkDecider: Decider<BookmarkState, BookmarkCommand> = {
  initialState: { promptApproved: false, promptVersion: 0, favoriteId: null },
  evolve(state: BookmarkState, event: StoredEvent): BookmarkState {
    switch (event.type) {
      case 'Bookmarked':
        return { ...state, favoriteId: event.position };
      case 'BookmarkRemoved':
        return { ...state, favoriteId: null };
      default:
        return { ...state, promptApproved: evolvePromptApproved(state.promptApproved, event), promptVersion: evolveShownVersion(state.promptVersion, event) };
    }
  },
  decide(command, state) {
    const { userId, promptId } = command;
    if (command.kind === 'bookmark') {
      if (!state.promptApproved) throw new DomainError(ENGAGEMENT_REFUSALS.promptNotFound);
      // Already bookmarked (a double click): nothing to add, and no error.
      if (state.favoriteId !== null) return [];
      return [{ type: 'Bookmarked', data: { userId, promptId, version: state.promptVersion } }];
    }
    if (state.favoriteId === null) {
      if (command.quiet) return [];
      throw new DomainError(ENGAGEMENT_REFUSALS.bookmarkNotFound);
    }
    return [{ type: 'BookmarkRemoved', data: { favoriteId: state.favoriteId, userId, promptId } }];
  },
};
