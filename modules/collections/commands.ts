import { DomainError, executeIn, fold, handle, handleNew, type EventMetadata, type EventStore, type StoreTx } from '../../events';
import type { CollectionRequest } from './contracts';
import { collectionDecider, collectionPlan, collectionStream, type CollectionCommand } from './domain/collection';

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

/**
 * A collection an import brings (in the import's transaction): made, then given each of
 * `promptIds` that is public here, in the order given; an id that is not (another site's,
 * or withdrawn since) is left out. Answers its id.
 */
export async function importCollectionIn(tx: StoreTx, userId: number, collection: CollectionRequest, promptIds: readonly number[], metadata: EventMetadata) {
  const collectionId = await tx.nextId('collection');
  await executeIn(tx, collectionDecider, collectionPlan({ kind: 'create', collectionId, userId, collection }), metadata);
  for (const promptId of promptIds) {
    try {
      await executeIn(tx, collectionDecider, collectionPlan({ kind: 'add', collectionId, userId, promptId }), metadata);
    } catch (error) {
      if (!(error instanceof DomainError && error.kind === 'not_found')) throw error;
    }
  }
  return collectionId;
}

/** An undone import's collections go (in the undo's transaction); one its owner deleted since is left as it is. */
export async function deleteImportedCollectionsIn(tx: StoreTx, userId: number, collectionIds: readonly number[], metadata: EventMetadata) {
  for (const collectionId of collectionIds) {
    const state = fold(collectionDecider, await tx.readStream(collectionStream(collectionId)));
    if (state.deleted || state.ownerId !== userId) continue;
    await executeIn(tx, collectionDecider, collectionPlan({ kind: 'delete', collectionId, userId }), metadata);
  }
}
