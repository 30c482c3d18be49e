export * from './contracts';
export * from './types';
export * from './sql';
export { EventStore, readAllIn, readStreamIn, type StoreTx, type StreamAppend, type Appended, type AppendOptions, type ReadRange } from './store';
export { eventStoreMigrations } from './schema';
export { nextTurn, PartSizer } from './parts';
export { DomainError, type DomainErrorKind, type RefusalDetails } from './errors';
export * from './refusals';
export {
  handle,
  handleNew,
  executeIn,
  decideAll,
  transact,
  fold,
  SYSTEM_ACTOR,
  type Actor,
  type Decider,
  type CommandPlan,
  type Decided,
  type HandleOptions,
} from './decider';
export {
  promptStream,
  importStream,
  evolvePromptApproved,
  evolvePromptAccess,
  evolveShownVersion,
  mayUsePrompt,
  UNKNOWN_PROMPT,
  type PromptAccess,
} from './streams';
export {
  bearerDecider,
  revokeBearerIn,
  revokeUserBearersIn,
  userRevocations,
  findBearer,
  hashBearer,
  cutoffAt,
  type BearerKind,
  type BearerState,
  type BearerRow,
  type RevokeBearer,
} from './bearer';
