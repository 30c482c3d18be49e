import {
  DomainError,
  evolvePromptAccess,
  evolveShownVersion,
  mayUsePrompt,
  promptStream,
  UNKNOWN_PROMPT,
  type Decider,
  type PromptAccess,
  type StoredEvent,
} from '../../../events';
import { COLLECTION_REFUSALS, type CollectionRequest } from '../contracts';

export const collectionStream = (collectionId: number) => `collection-${collectionId}`;

export interface CollectionState {
  exists: boolean;
  deleted: boolean;
  ownerId: number | null;
  promptIds: ReadonlySet<number>;
  /** Who may use the prompt a command is about (read from its stream, when it names one): anyone while public, its author always. */
  promptAccess: PromptAccess;
  /** That prompt's public version (what adding it saves). */
  promptVersion: number;
}

export type CollectionCommand =
  | { kind: 'create'; collectionId: number; userId: number; collection: CollectionRequest }
  | { kind: 'delete'; collectionId: number; userId: number }
  | { kind: 'add'; collectionId: number; userId: number; promptId: number }
  | { kind: 'remove'; collectionId: number; userId: number; promptId: number };

/** The streams a command works on: adding reads the prompt too. */
export function collectionPlan(command: CollectionCommand) {
  return {
    stream: collectionStream(command.collectionId),
    reads: command.kind === 'add' ? [promptStream(command.promptId)] : [],
    command,
  };
}

export const collectionDecider: Decider<CollectionState, CollectionCommand> = {
  initialState: { exists: false, deleted: false, ownerId: null, promptIds: new Set(), promptAccess: UNKNOWN_PROMPT, promptVersion: 0 },
  evolve(state: CollectionState, event: StoredEvent): CollectionState {
    switch (event.type) {
      case 'CollectionCreated':
        return { ...state, exists: true, ownerId: event.data.userId };
      case 'CollectionDeleted':
        return { ...state, deleted: true };
      case 'PromptAddedToCollection':
        return { ...state, promptIds: new Set(state.promptIds).add(event.data.promptId) };
      case 'PromptRemovedFromCollection': {
        const promptIds = new Set(state.promptIds);
        promptIds.delete(event.data.promptId);
        return { ...state, promptIds };
      }
      default:
        return { ...state, promptAccess: evolvePromptAccess(state.promptAccess, event), promptVersion: evolveShownVersion(state.promptVersion, event) };
    }
  },
  decide(command, state) {
    const { collectionId, userId } = command;
    if (command.kind === 'create') {
      if (state.exists) throw new DomainError(COLLECTION_REFUSALS.exists);
      const { name, description, isPublic } = command.collection;
      return [{ type: 'CollectionCreated', data: { collectionId, userId, name, description, isPublic } }];
    }
    // Someone else's collection is answered exactly like a missing one.
    if (!state.exists || state.deleted || state.ownerId !== userId) throw new DomainError(COLLECTION_REFUSALS.notFound);
    switch (command.kind) {
      case 'delete':
        return [{ type: 'CollectionDeleted', data: { collectionId, userId } }];
      case 'add':
        // A public prompt, or one of the owner's own (their private prompts too): nobody else's unpublished one.
        if (!mayUsePrompt(state.promptAccess, userId)) throw new DomainError(COLLECTION_REFUSALS.promptNotFound);
        if (state.promptIds.has(command.promptId)) return [];
        return [{ type: 'PromptAddedToCollection', data: { collectionId, promptId: command.promptId, version: state.promptVersion } }];
      case 'remove':
        if (!state.promptIds.has(command.promptId)) throw new DomainError(COLLECTION_REFUSALS.notInCollection);
        return [{ type: 'PromptRemovedFromCollection', data: { collectionId, promptId: command.promptId } }];
    }
  },
};
