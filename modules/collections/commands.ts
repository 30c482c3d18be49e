import { handle, handleNew, type EventMetadata, type EventStore } from '../../events';
import type { CollectionRequest } from './contracts';
import { collectionDecider, collectionPlan, type CollectionCommand } from './domain/collection';

export async function createCollection(store: EventStore, userId: number, collection: CollectionRequest, metadata: EventMetadata) {
  const decided = await handleNew(
    store,
    collectionDecider,
    'collection',
    (collectionId) => collectionPlan({ kind: 'create', collectionId, userId, collection }),
    metadata,
  );
  return { collectionId: decided.id, events: decided.events, last: decided.last };
}

/** Delete a collection, or add or remove one of its prompts: the owner's only. */
export async function changeCollection(store: EventStore, command: Exclude<CollectionCommand, { kind: 'create' }>, metadata: EventMetadata) {
  const decided = await handle(store, collectionDecider, collectionPlan(command), metadata);
  return { promptCount: decided.state.promptIds.size, events: decided.events, last: decided.last };
}
