import { DomainError, type Actor, type Decider, type NewEvent, type StoredEvent } from '../../../events';
import { PROMPT_REFUSALS } from '../contracts';

/** One import as its own stream records it: whose, which prompts and collections (every part's), whether undone. */
export interface ImportState {
  userId: number | null;
  promptIds: readonly number[];
  /** The collections it made (another module's: its undo hands them to the caller). */
  collectionIds: readonly number[];
  undone: boolean;
}

export const initialImportState: ImportState = { userId: null, promptIds: [], collectionIds: [], undone: false };

export function evolveImport(state: ImportState, event: StoredEvent): ImportState {
  switch (event.type) {
    case 'PromptsImported':
      // An import is written in parts, each recording what it saved: the import is all of them.
      return {
        userId: event.data.userId,
        promptIds: [...state.promptIds, ...event.data.promptIds],
        collectionIds: [...state.collectionIds, ...event.data.collectionIds],
        undone: state.undone,
      };
    case 'ImportUndone':
      return { ...state, undone: true };
    default:
      return state;
  }
}

export type ImportCommand =
  /** The prompts (and collections) one part of the import just saved, in the same transaction. */
  | { kind: 'record'; batchId: number; format: string; promptIds: number[]; collectionIds: number[]; actor: Actor }
  /** The undo, once each prompt's own decision said whether it went (`removed`) or stays (`kept`). */
  | { kind: 'undo'; batchId: number; removed: number[]; kept: number[]; actor: Actor };

/** Whether `actor` may undo the import: its own member only; anyone else learns nothing of it. */
export function requireImportOwner(state: ImportState, actor: Actor): void {
  if (state.userId === null || state.userId !== actor.userId) throw new DomainError(PROMPT_REFUSALS.importNotFound);
  if (state.undone) throw new DomainError(PROMPT_REFUSALS.importUndone);
}

export const importDecider: Decider<ImportState, ImportCommand> = {
  initialState: initialImportState,
  evolve: evolveImport,
  decide(command, state): NewEvent[] {
    const { batchId, actor } = command;
    if (command.kind === 'record') {
      if (actor.userId === null) throw new DomainError(PROMPT_REFUSALS.signInToImport);
      if ((state.userId !== null && state.userId !== actor.userId) || state.undone) throw new DomainError(PROMPT_REFUSALS.importExists);
      const { format, promptIds, collectionIds } = command;
      return [{ type: 'PromptsImported', data: { batchId, userId: actor.userId, format, promptIds, collectionIds } }];
    }
    requireImportOwner(state, actor);
    return [{ type: 'ImportUndone', data: { batchId, userId: actor.userId!, removed: command.removed, kept: command.kept } }];
  },
};
