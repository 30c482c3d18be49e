import { decideAll, executeIn, fold, handle, handleNew, promptStream, UNKNOWN_PROMPT, type EventMetadata, type EventStore, type StoreTx } from '../../events';
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
 * A collection an import brings (in a transaction of the import): made, then given each of
 * `promptIds` that is public here, in the order given, each once; an id that is not (another
 * site's, or withdrawn since) is left out. Decided from the new collection's state and one read
 * of all those prompts' streams, appended in one statement. Answers its id.
 */
export async function importCollectionIn(tx: StoreTx, userId: number, collection: CollectionRequest, promptIds: readonly number[], metadata: EventMetadata) {
  const collectionId = await tx.nextId('collection');
  const stream = collectionStream(collectionId);
  const unique = [...new Set(promptIds)];
  const prompts = await tx.readStreams(unique.map(promptStream));
  const created = decideAll(collectionDecider, stream, collectionDecider.initialState, [{ kind: 'create', collectionId, userId, collection }]);
  const events = created.events;
  let state = created.state;
  for (const promptId of unique) {
    // What the prompt's stream says of it, as an add's `reads` would fold it.
    const withPrompt = prompts.get(promptStream(promptId))!.reduce(collectionDecider.evolve, { ...state, promptAccess: UNKNOWN_PROMPT, promptVersion: 0 });
    if (!withPrompt.promptAccess.approved) continue;
    const added = decideAll(collectionDecider, stream, withPrompt, [{ kind: 'add', collectionId, userId, promptId }], events.length);
    events.push(...added.events);
    state = added.state;
  }
  await tx.append(stream, events, { expectedVersion: 'no_stream', metadata });
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
