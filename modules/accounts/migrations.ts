/**
 * Tables the accounts module keeps beside the log (added to `moduleMigrations` in
 * src/server/app.ts). `account_emails` and `account_usernames` are written in the same
 * transaction as UserRegistered: their unique keys decide "one account per email
 * (case-insensitive)" and "usernames are unique" without reading any async read table.
 * Sessions are not domain events: `auth_sessions` holds only SHA-256 hashes of the tokens.
 * Secrets are not events either: `account_passwords` holds each account's current password
 * hash, written in the same transaction as the PasswordSet event that records the change.
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
  {
    // The one rewrite of history (docs/decisions/0002-personal-data-sealed-in-the-log.md). Password hashes were event data, so
    // every hash a user ever had stayed in the append-only log (and its backups). The current
    // hash moves to account_passwords; every PasswordSet event keeps only who set a password.
    id: '0101_password_hashes_out_of_the_log',
    sql: `
      create table if not exists account_passwords (
        user_id integer primary key,
        hash text not null,
        set_at timestamptz not null default now()
      );
      insert into account_passwords (user_id, hash, set_at)
        select distinct on ((data->>'userId')::int) (data->>'userId')::int, data->>'passwordHash', created_at
        from events where type = 'PasswordSet' and data ? 'passwordHash'
        order by (data->>'userId')::int, position desc
        on conflict (user_id) do nothing;
      update events set data = data - 'passwordHash', version = 2 where type = 'PasswordSet' and data ? 'passwordHash';
    `,
  },
];
