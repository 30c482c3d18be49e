/**
 * The accounts capability: registration without a password, emailed single-use links,
 * Argon2id passwords, sign-in, and sessions (lucia, behind `Sessions`).
 */
export { register, requestPasswordLink, setPassword, signIn, deleteAccount, ensureAccount, isSignInRefused, isLinkRefused } from './commands';
export { findUserIdByEmail, loadAccount } from './queries';
export type { RegisterOutcome, ResetOutcome, IssuedLink } from './commands';
export { Sessions, SESSION_COOKIE, SESSION_DAYS, type SessionInfo } from './sessions';
export { accountsMigrations } from './migrations';
export { LINK_LIFETIME_MS, accountDecider, accountStream, signInStream, type AccountCommand, type AccountState, type LinkPurpose } from './domain/account';
export { hashToken, generateToken } from './tokens';
export * from './contracts';
