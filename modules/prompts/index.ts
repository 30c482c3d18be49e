/** The prompts capability: submit, review and use prompts. */
export { submitPrompt, reviewPrompt, recordUse } from './commands';
export type { Actor, SubmitCommand } from './domain/prompt';
export { promptStream, usageStream } from './domain/prompt';
export * from './contracts';
