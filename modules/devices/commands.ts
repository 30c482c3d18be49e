import { createHash } from 'node:crypto';
import { DomainError, executeIn, type EventMetadata, type EventStore, type Sql } from '../../events';
import { DEVICE_IDLE_MS, DEVICE_MESSAGES, type ConnectDeviceRequest, type DeviceView } from './contracts';
import { deviceDecider, devicePlan } from './domain/device';

/** SHA-256 hex of a device token (the extension computes the same with WebCrypto). */
export function hashDeviceToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

/**
 * The signed-in user approves a device. The extension made the token and sent only its hash
 * (in the approval link): the secret never crosses the website, and the site stores the hash.
 */
export async function connectDevice(store: EventStore, userId: number, request: ConnectDeviceRequest, metadata: EventMetadata) {
  const { result, events, last } = await store.transaction(async (tx) => {
    const deviceId = await tx.nextId('device');
    const [row] = await tx.query<{ device_id: number }>(
      `insert into extension_devices (token_hash, device_id, user_id, name) values ($1, $2, $3, $4)
       on conflict (token_hash) do nothing returning device_id`,
      [request.tokenHash, deviceId, userId, request.name],
    );
    if (!row) throw new DomainError('conflict', DEVICE_MESSAGES.tokenUsed);
    await executeIn(tx, deviceDecider, devicePlan({ kind: 'connect', deviceId, userId, name: request.name }), metadata);
    return deviceId;
  });
  return { deviceId: result, events, last };
}

/** Ends a device's access at once: from the dashboard (`by: 'user'`) or the extension's sign-out. */
export async function revokeDevice(store: EventStore, userId: number, deviceId: number, by: 'user' | 'device', metadata: EventMetadata) {
  return store.transaction(async (tx) => {
    const decided = await executeIn(tx, deviceDecider, devicePlan({ kind: 'revoke', deviceId, userId, by }), metadata);
    await tx.query('update extension_devices set revoked_at = coalesce(revoked_at, now()) where device_id = $1', [deviceId]);
    return decided.events.length > 0;
  });
}

/**
 * The account's password was set or reset: every device it connected stops working at once
 * (a DeviceRevoked `by: 'password'` each, in one transaction). Whoever knew the old password
 * may have connected one; the owner reconnects theirs. Answers how many were revoked.
 */
export async function revokeUserDevices(store: EventStore, userId: number, metadata: EventMetadata) {
  return store.transaction(async (tx) => {
    const rows = await tx.query<{ device_id: number }>('select device_id from extension_devices where user_id = $1 and revoked_at is null order by device_id', [
      userId,
    ]);
    for (const { device_id: deviceId } of rows) {
      await executeIn(tx, deviceDecider, devicePlan({ kind: 'revoke', deviceId, userId, by: 'password' }), metadata);
    }
    if (rows.length) await tx.query('update extension_devices set revoked_at = coalesce(revoked_at, now()) where user_id = $1', [userId]);
    return rows.length;
  });
}

/** The oldest last use (or connection, for a device never used) that still counts as active at `now`. */
const idleCutoff = (now: Date) => new Date(now.getTime() - DEVICE_IDLE_MS);

export interface DeviceCredential {
  deviceId: number;
  userId: number;
}

/**
 * The device a bearer token belongs to, if it is still approved and was used (or connected)
 * within DEVICE_IDLE_DAYS of `now` (injectable, so tests need not wait 90 days).
 */
export async function findDevice(sql: Sql, token: string, now = new Date()): Promise<DeviceCredential | null> {
  if (!token || token.length > 200) return null;
  const hash = hashDeviceToken(token);
  const [row] = await sql.query<{ device_id: number; user_id: number; stale: boolean }>(
    `select device_id, user_id, coalesce(last_used_at < $2::timestamptz - interval '5 minutes', true) as stale
     from extension_devices where token_hash = $1 and revoked_at is null and coalesce(last_used_at, connected_at) > $3`,
    [hash, now, idleCutoff(now)],
  );
  if (!row) return null;
  // "Last used" is for the user's dashboard and the idle expiry; minutes are precise enough and spare a write per call.
  if (row.stale) await sql.query('update extension_devices set last_used_at = $2 where token_hash = $1', [hash, now]);
  return { deviceId: row.device_id, userId: row.user_id };
}

/** The user's working devices (an idle-expired one no longer works, so it is not listed). */
export async function listDevices(sql: Sql, userId: number, now = new Date()): Promise<DeviceView[]> {
  const rows = await sql.query<{ device_id: number; name: string; connected_at: Date | string; last_used_at: Date | string | null }>(
    `select device_id, name, connected_at, last_used_at from extension_devices
     where user_id = $1 and revoked_at is null and coalesce(last_used_at, connected_at) > $2
     order by connected_at desc, device_id desc`,
    [userId, idleCutoff(now)],
  );
  return rows.map((r) => ({
    id: r.device_id,
    name: r.name,
    connectedAt: new Date(r.connected_at).toISOString(),
    lastUsedAt: r.last_used_at ? new Date(r.last_used_at).toISOString() : null,
  }));
}
