/**
 * `extension_devices` is written in the same transaction as DeviceConnected / DeviceRevoked.
 * Like `auth_sessions`, it keeps only the SHA-256 of each device token (a bearer credential:
 * events/bearer.ts); its primary key decides "one device per token".
 */
export const devicesMigrations = [
  {
    id: '0300_extension_devices',
    sql: `
      create table if not exists extension_devices (
        token_hash text primary key,
        device_id integer not null unique,
        user_id integer not null,
        name text not null,
        connected_at timestamptz not null default now(),
        last_used_at timestamptz,
        revoked_at timestamptz
      );
      create index if not exists extension_devices_user on extension_devices (user_id) where revoked_at is null;
    `,
  },
  {
    // Written in the same transaction as DeviceConnectionRequested: the hash-to-request map
    // (the hash stays out of the log) and what the approval page shows.
    id: '0301_extension_connection_requests',
    sql: `
      create table if not exists extension_connection_requests (
        token_hash text primary key,
        request_id integer not null unique,
        name text not null,
        agent text not null,
        origin text not null,
        requested_at timestamptz not null default now()
      );
    `,
  },
  {
    // A revoked device's row goes with its revocation (the event keeps the fact): the rows
    // revoked before that rule go here, and with them the column. A request remembers its own
    // approval, which the approval page showed through the device's row.
    id: '0302_extension_devices_purge_revoked',
    sql: `
      alter table extension_connection_requests add column if not exists approved_at timestamptz;
      update extension_connection_requests r set approved_at = d.connected_at
        from extension_devices d where d.token_hash = r.token_hash and r.approved_at is null;
      delete from extension_devices where revoked_at is not null;
      drop index if exists extension_devices_user;
      alter table extension_devices drop column if exists revoked_at;
      create index if not exists extension_devices_by_user on extension_devices (user_id);
    `,
  },
];
