/** The prompts capability: submit, review, edit (with versions and revisions) and use prompts. */
export {
  submitPrompt,
  copyPrompt,
  reviewPrompt,
  resubmitPrompt,
  reReviewPrompt,
  withdrawPrompt,
  sharePrompt,
  recordUse,
  visitorKey,
  editPrompt,
  restoreVersion,
  withdrawRevision,
  reviewRevision,
  readVersions,
  readVersionsOf,
  importPrompts,
  IMPORT_PART,
  UNDO_PART,
  undoImport,
  forgetAuthorPrompts,
  deletePrompt,
  undeletePrompt,
  purgeDeletedPrompts,
} from './commands';
export type { SubmitCommand, PromptCommand, PromptStatus, PromptContent } from './domain/prompt';
export type { Actor } from '../../events';
export { promptStream, promptDecider, RESTORE_WINDOW_MS } from './domain/prompt';
export { promptsMigrations } from './migrations';
export { usageDecider, useStream, USE_WINDOW_MS } from './domain/usage';
export * from './contracts';
