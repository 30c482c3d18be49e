import { describe, it } from 'vitest';
import type { NewEvent } from '../../events';
import { MAX_TOKENS_PER_USER, TOKEN_REFUSALS } from '../../modules/tokens/contracts';
import { tokenDecider } from '../../modules/tokens/domain/token';
import { given } from '../support/given';

const expiresAt = '2027-02-23T10:00:00.000Z';
const create = (working = 0) => ({ kind: 'create' as const, tokenId: 7, userId: 2, name: 'Claude Desktop', scope: 'read-write' as const, expiresAt, working });
const created: NewEvent = { type: 'AccessTokenCreated', data: { tokenId: 7, userId: 2, name: 'Claude Desktop', scope: 'read-write', expiresAt } };
const revoked = (by: 'user' | 'password'): NewEvent => ({ type: 'AccessTokenRevoked', data: { tokenId: 7, userId: 2, by } });

describe('personal access tokens', () => {
  it('given nothing, when the user creates a token, then it is created (without the token or its hash)', () => {
    given(tokenDecider).when(create()).then(created);
  });

  it(`given ${MAX_TOKENS_PER_USER} working tokens, when the user creates another, then it is refused`, () => {
    given(tokenDecider)
      .when(create(MAX_TOKENS_PER_USER - 1))
      .then(created);
    given(tokenDecider).when(create(MAX_TOKENS_PER_USER)).thenRefuses(TOKEN_REFUSALS.tooMany);
  });

  it('given a token, when its owner revokes it, then it is revoked; a second revoke changes nothing', () => {
    given(tokenDecider, created).when({ kind: 'revoke', tokenId: 7, userId: 2, by: 'user' }).then(revoked('user'));
    given(tokenDecider, created, revoked('user')).when({ kind: 'revoke', tokenId: 7, userId: 2, by: 'password' }).then();
  });

  it("given someone else's token or none, when a user revokes it, then it is not found", () => {
    given(tokenDecider, created).when({ kind: 'revoke', tokenId: 7, userId: 3, by: 'user' }).thenRefuses(TOKEN_REFUSALS.notFound);
    given(tokenDecider).when({ kind: 'revoke', tokenId: 7, userId: 2, by: 'user' }).thenRefuses(TOKEN_REFUSALS.notFound);
  });
});
