/** The tags capability: a person's own tags on their own prompts (add, rename, merge, delete). */
export { changeTags, tagImportedIn } from './commands';
export { tagDecider, tagStream, libraryTags, type TagCommand, type TagState } from './domain/tags';
export * from './contracts';
