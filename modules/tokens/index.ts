/** Personal access tokens: a user's credential for their AI tools (/mcp), shown once, stored hashed, scoped, expiring, revocable. */
export {
  createAccessToken,
  revokeAccessToken,
  revokeUserAccessTokens,
  forgetUserAccessTokens,
  findAccessToken,
  listAccessTokens,
  type TokenCredential,
} from './commands';
export { tokenDecider, tokenStream, type TokenCommand } from './domain/token';
export { tokensMigrations } from './migrations';
export * from './contracts';
