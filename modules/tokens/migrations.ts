/**
 * `access_tokens` is written in the same transaction as AccessTokenCreated / AccessTokenRevoked
 * and keeps only the SHA-256 of each token. Bearer lookups read it directly, so a revoke
 * takes effect on the very next request (no projection lag on a security decision).
 */
export const tokensMigrations = [
  {
    id: '0400_access_tokens',
    sql: `
      create table if not exists access_tokens (
        token_hash text primary key,
        token_id integer not null unique,
        user_id integer not null,
        name text not null,
        scope text not null,
        created_at timestamptz not null default now(),
        expires_at timestamptz not null,
        last_used_at timestamptz,
        revoked_at timestamptz
      );
      create index if not exists access_tokens_user on access_tokens (user_id) where revoked_at is null;
    `,
  },
];
