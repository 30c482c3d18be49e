import { DomainError, type Decider, type StoredEvent } from '../../../events';
import { MAX_TOKENS_PER_USER, TOKEN_MESSAGES, type TokenScope } from '../contracts';

export const tokenStream = (tokenId: number) => `access-token-${tokenId}`;

export interface TokenState {
  exists: boolean;
  userId: number | null;
  revoked: boolean;
}

export type TokenCommand =
  /** `working`: how many unrevoked, unexpired tokens the user has now (read in the same transaction). */
  | { kind: 'create'; tokenId: number; userId: number; name: string; scope: TokenScope; expiresAt: string; working: number }
  | { kind: 'revoke'; tokenId: number; userId: number; by: 'user' | 'password' | 'deletion' };

export const tokenPlan = (command: TokenCommand) => ({ stream: tokenStream(command.tokenId), command });

export const tokenDecider: Decider<TokenState, TokenCommand> = {
  initialState: { exists: false, userId: null, revoked: false },
  evolve(state: TokenState, event: StoredEvent): TokenState {
    switch (event.type) {
      case 'AccessTokenCreated':
        return { exists: true, userId: event.data.userId, revoked: false };
      case 'AccessTokenRevoked':
        return { ...state, revoked: true };
      default:
        return state;
    }
  },
  decide(command, state) {
    const { tokenId, userId } = command;
    if (command.kind === 'create') {
      if (command.working >= MAX_TOKENS_PER_USER) throw new DomainError('conflict', TOKEN_MESSAGES.tooMany);
      const { name, scope, expiresAt } = command;
      return [{ type: 'AccessTokenCreated', data: { tokenId, userId, name, scope, expiresAt } }];
    }
    // Someone else's token is answered exactly like a missing one.
    if (!state.exists || state.userId !== userId) throw new DomainError('not_found', TOKEN_MESSAGES.notFound);
    if (state.revoked) return [];
    return [{ type: 'AccessTokenRevoked', data: { tokenId, userId, by: command.by } }];
  },
};
