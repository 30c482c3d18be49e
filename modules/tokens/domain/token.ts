import { bearerDecider, DomainError, type BearerKind, type RevokeBearer } from '../../../events';
import { MAX_TOKENS_PER_USER, TOKEN_REFUSALS, type TokenScope } from '../contracts';

export const tokenStream = (tokenId: number) => `access-token-${tokenId}`;

/** A personal access token as a bearer credential: it works until it expires (or is revoked). */
export const accessTokenKind: BearerKind = {
  table: 'access_tokens',
  idColumn: 'token_id',
  stream: tokenStream,
  created: 'AccessTokenCreated',
  revoked: 'AccessTokenRevoked',
  idField: 'tokenId',
  notFound: TOKEN_REFUSALS.notFound,
  working: (cutoff) => `expires_at > ${cutoff}`,
  columns: ['scope'],
};

export type TokenCommand =
  /** `working`: how many unrevoked, unexpired tokens the user has now (read in the same transaction). */
  | { kind: 'create'; tokenId: number; userId: number; name: string; scope: TokenScope; expiresAt: string; working: number }
  | (RevokeBearer<'user' | 'password' | 'deletion'> & { tokenId: number });

export const tokenPlan = (command: TokenCommand) => ({ stream: tokenStream(command.tokenId), command });

export const tokenDecider = bearerDecider<TokenCommand>(
  accessTokenKind,
  (command) => command.tokenId,
  (command) => {
    if (command.working >= MAX_TOKENS_PER_USER) throw new DomainError(TOKEN_REFUSALS.tooMany({ limit: MAX_TOKENS_PER_USER }));
    const { tokenId, userId, name, scope, expiresAt } = command;
    return [{ type: 'AccessTokenCreated', data: { tokenId, userId, name, scope, expiresAt } }];
  },
);
