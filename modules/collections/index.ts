/** The collections capability: a user's named sets of prompts, private or public. */
export { createCollection, changeCollection, importCollectionIn, deleteImportedCollectionsIn } from './commands';
export { collectionDecider, collectionStream, type CollectionCommand } from './domain/collection';
export * from './contracts';
