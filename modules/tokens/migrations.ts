/**
 * `access_tokens` is written in the same transaction as AccessTokenCreated / AccessTokenRevoked
 * and keeps only the SHA-256 of each token (a bearer credential: events/bearer.ts).
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
  {
    // A revoked token's row goes with its revocation (the event keeps the fact): the rows
    // revoked before that rule go here, and with them the column.
    id: '0401_access_tokens_purge_revoked',
    sql: `
      delete from access_tokens where revoked_at is not null;
      drop index if exists access_tokens_user;
      alter table access_tokens drop column if exists revoked_at;
      create index if not exists access_tokens_by_user on access_tokens (user_id);
    `,
  },
];
