/**
 * Tables the accounts module keeps beside the log (added to `moduleMigrations` in
 * src/server/app.ts). `account_emails` and `account_usernames` are written in the same
 * transaction as UserRegistered: their unique keys decide "one account per email
 * (case-insensitive)" and "usernames are unique" without reading any async read table.
 * Sessions are not domain events: `auth_sessions` holds only SHA-256 hashes of the tokens.
 */
export const accountsMigrations = [
  {
    id: '0100_accounts',
    sql: `
      create table if not exists account_emails (
        email text primary key,
        user_id integer not null unique
      );
      create table if not exists account_usernames (
        username text primary key,
        user_id integer not null unique
      );
      create table if not exists auth_sessions (
        id_hash text primary key,
        user_id integer not null,
        expires_at timestamptz not null,
        created_at timestamptz not null default now()
      );
      create index if not exists auth_sessions_user on auth_sessions (user_id);
      create index if not exists auth_sessions_expiry on auth_sessions (expires_at);
    `,
  },
];
