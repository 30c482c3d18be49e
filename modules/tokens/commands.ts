import { randomBytes } from 'node:crypto';
import { executeIn, findBearer, hashBearer, revokeBearerIn, type EventMetadata, type EventStore, type Sql, transact, userRevocations } from '../../events';
import { DAY_MS, TOKEN_PREFIX, type AccessTokenView, type CreateTokenRequest, type CreatedTokenView, type TokenScope } from './contracts';
import { accessTokenKind, tokenDecider, tokenPlan } from './domain/token';

interface TokenRow {
  token_id: number;
  name: string;
  scope: TokenScope;
  created_at: Date | string;
  expires_at: Date | string;
  last_used_at: Date | string | null;
}

const iso = (value: Date | string) => new Date(value).toISOString();
const toView = (r: TokenRow): AccessTokenView => ({
  id: r.token_id,
  name: r.name,
  scope: r.scope,
  createdAt: iso(r.created_at),
  expiresAt: iso(r.expires_at),
  lastUsedAt: r.last_used_at ? iso(r.last_used_at) : null,
});

/**
 * Makes a token for the user: 32 random bytes behind TOKEN_PREFIX, returned once; the site
 * keeps its hash, in the same transaction as AccessTokenCreated.
 */
export async function createAccessToken(store: EventStore, userId: number, request: CreateTokenRequest, metadata: EventMetadata, now = new Date()) {
  const token = `${TOKEN_PREFIX}${randomBytes(32).toString('base64url')}`;
  const expiresAt = new Date(now.getTime() + request.expiresInDays * DAY_MS);
  const { result, events, last } = await transact(store, async (tx) => {
    // Serialises one user's creations, so the count below cannot be passed by a burst.
    await tx.query('select pg_advisory_xact_lock(hashtext($1))', [`access-tokens-${userId}`]);
    const [{ n }] = await tx.query<{ n: number }>(`select count(*)::int as n from access_tokens where user_id = $1 and ${accessTokenKind.working('$2')}`, [
      userId,
      now,
    ]);
    const tokenId = await tx.nextId('access-token');
    await executeIn(
      tx,
      tokenDecider,
      tokenPlan({ kind: 'create', tokenId, userId, name: request.name, scope: request.scope, expiresAt: expiresAt.toISOString(), working: n }),
      metadata,
    );
    const [row] = await tx.query<TokenRow>(
      `insert into access_tokens (token_hash, token_id, user_id, name, scope, created_at, expires_at) values ($1, $2, $3, $4, $5, $6, $7)
       returning token_id, name, scope, created_at, expires_at, last_used_at`,
      [hashBearer(token), tokenId, userId, request.name, request.scope, now, expiresAt],
    );
    return { ...toView(row), token } satisfies CreatedTokenView;
  });
  return { result, events, last };
}

const userWide = userRevocations(accessTokenKind, tokenDecider, (tokenId, userId, by) => ({ kind: 'revoke', tokenId, userId, by }));

/** Ends a token's access at once (from the dashboard). Revoking twice changes nothing. */
export async function revokeAccessToken(store: EventStore, userId: number, tokenId: number, metadata: EventMetadata) {
  return transact(store, (tx) => revokeBearerIn(tx, accessTokenKind, tokenDecider, tokenId, { kind: 'revoke', tokenId, userId, by: 'user' }, metadata));
}

/**
 * The account's password was set or reset: every token it made stops working at once (an
 * AccessTokenRevoked `by: 'password'` each, in one transaction), as its devices do. Answers how many.
 */
export const revokeUserAccessTokens = userWide.afterPassword;

export interface TokenCredential {
  tokenId: number;
  userId: number;
  scope: TokenScope;
}

/** The working token a bearer value is, if any: not revoked, not expired at `now` (injectable for tests). */
export async function findAccessToken(sql: Sql, token: string, now = new Date()): Promise<TokenCredential | null> {
  const row = await findBearer(sql, accessTokenKind, token, now);
  return row && { tokenId: row.id, userId: row.userId, scope: row.scope as TokenScope };
}

/** The user's working tokens, newest first (a revoked or expired one no longer works, so it is not listed). */
export async function listAccessTokens(sql: Sql, userId: number, now = new Date()): Promise<AccessTokenView[]> {
  const rows = await sql.query<TokenRow>(
    `select token_id, name, scope, created_at, expires_at, last_used_at from access_tokens
     where user_id = $1 and ${accessTokenKind.working('$2')} order by created_at desc, token_id desc`,
    [userId, now],
  );
  return rows.map(toView);
}

/** The account is being deleted (in its transaction): every token ends (`by: 'deletion'`) and leaves the table. */
export const forgetUserAccessTokens = userWide.forget;
