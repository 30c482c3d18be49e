/**
 * `extension_devices` is written in the same transaction as DeviceConnected / DeviceRevoked.
 * Like `auth_sessions`, it keeps only the SHA-256 of each device token; its primary key
 * decides "one device per token". Listing and bearer lookups read it directly, so a revoke
 * takes effect on the very next request (no projection lag on a security decision).
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
];
