export * from './contracts';
export * from './types';
export * from './sql';
export { EventStore, readAllIn, readStreamIn, type StoreTx, type Appended, type AppendOptions } from './store';
export { eventStoreMigrations } from './schema';
export { DomainError, type DomainErrorKind } from './errors';
