import {
  cutoffAt,
  DomainError,
  executeIn,
  findBearer,
  revokeBearerIn,
  type EventMetadata,
  type EventStore,
  type Sql,
  transact,
  userRevocations,
} from '../../events';
import { CONNECT_REQUEST_TTL_MS, DEVICE_REFUSALS, type ConnectDeviceRequest, type ConnectionRequestView, type DeviceView } from './contracts';
import { summarizeAgent } from './domain/agent';
import { connectionRequestDecider, connectionRequestPlan, requestExpired } from './domain/connection-request';
import { deviceDecider, deviceKind, devicePlan } from './domain/device';

/**
 * The extension asks to be connected: the site records the key's hash, the device's name, a
 * summary of the asking User-Agent and the Origin, and when (the event's time). Approval must
 * follow within CONNECT_REQUEST_TTL_MINUTES. A key is asked for once (409 after).
 */
export async function requestConnection(
  store: EventStore,
  request: ConnectDeviceRequest,
  from: { userAgent: string | null; origin: string | null },
  metadata: EventMetadata,
) {
  const agent = summarizeAgent(from.userAgent);
  const origin = (from.origin ?? '').slice(0, 200);
  return transact(store, async (tx) => {
    const requestId = await tx.nextId('device-request');
    const [row] = await tx.query<{ request_id: number }>(
      `insert into extension_connection_requests (token_hash, request_id, name, agent, origin) values ($1, $2, $3, $4, $5)
       on conflict (token_hash) do nothing returning request_id`,
      [request.tokenHash, requestId, request.name, agent, origin],
    );
    if (!row) throw new DomainError(DEVICE_REFUSALS.tokenUsed);
    await executeIn(tx, connectionRequestDecider, connectionRequestPlan({ kind: 'request', requestId, name: request.name, agent, origin }), metadata);
    return requestId;
  });
}

/** What the approval page shows about the request for `hash`, if the extension made one. */
export async function findConnectionRequest(sql: Sql, hash: string, now = new Date()): Promise<ConnectionRequestView | null> {
  const [row] = await sql.query<{ name: string; agent: string; origin: string; requested_at: Date | string; approved: boolean }>(
    'select name, agent, origin, requested_at, approved_at is not null as approved from extension_connection_requests where token_hash = $1',
    [hash],
  );
  if (!row) return null;
  const requestedAt = new Date(row.requested_at);
  return {
    name: row.name,
    agent: row.agent,
    origin: row.origin,
    requestedAt: requestedAt.toISOString(),
    expiresAt: new Date(requestedAt.getTime() + CONNECT_REQUEST_TTL_MS).toISOString(),
    status: row.approved ? 'approved' : requestExpired(requestedAt, now) ? 'expired' : 'pending',
  };
}

/**
 * The signed-in user approves the request the extension made for this key, within
 * CONNECT_REQUEST_TTL_MINUTES of its asking (`now` injectable, so tests need not wait). The
 * device takes the request's name, the one the approval page showed. The extension made the
 * token and sent only its hash: the secret never crosses the website, and the site stores the hash.
 */
export async function connectDevice(
  store: EventStore,
  userId: number,
  request: Pick<ConnectDeviceRequest, 'tokenHash'>,
  metadata: EventMetadata,
  now = new Date(),
) {
  const { result, events, last } = await transact(store, async (tx) => {
    const [asked] = await tx.query<{ request_id: number; name: string }>(
      'select request_id, name from extension_connection_requests where token_hash = $1 for update',
      [request.tokenHash],
    );
    if (!asked) throw new DomainError(DEVICE_REFUSALS.requestUnknown);
    const deviceId = await tx.nextId('device');
    await executeIn(tx, connectionRequestDecider, connectionRequestPlan({ kind: 'approve', requestId: asked.request_id, deviceId, userId, now }), metadata);
    await tx.query('update extension_connection_requests set approved_at = $2 where request_id = $1', [asked.request_id, now]);
    const [row] = await tx.query<{ device_id: number }>(
      `insert into extension_devices (token_hash, device_id, user_id, name) values ($1, $2, $3, $4)
       on conflict (token_hash) do nothing returning device_id`,
      [request.tokenHash, deviceId, userId, asked.name],
    );
    if (!row) throw new DomainError(DEVICE_REFUSALS.tokenUsed);
    await executeIn(tx, deviceDecider, devicePlan({ kind: 'connect', deviceId, userId, name: asked.name }), metadata);
    return deviceId;
  });
  return { deviceId: result, events, last };
}

const userWide = userRevocations(deviceKind, deviceDecider, (deviceId, userId, by) => ({ kind: 'revoke', deviceId, userId, by }));

/** Ends a device's access at once: from the dashboard (`by: 'user'`) or the extension's sign-out. */
export async function revokeDevice(store: EventStore, userId: number, deviceId: number, by: 'user' | 'device', metadata: EventMetadata) {
  return transact(store, (tx) => revokeBearerIn(tx, deviceKind, deviceDecider, deviceId, { kind: 'revoke', deviceId, userId, by }, metadata));
}

/**
 * The account's password was set or reset: every device it connected stops working at once
 * (a DeviceRevoked `by: 'password'` each, in one transaction). Whoever knew the old password
 * may have connected one; the owner reconnects theirs. Answers how many were revoked.
 */
export const revokeUserDevices = userWide.afterPassword;

export interface DeviceCredential {
  deviceId: number;
  userId: number;
}

/**
 * The device a bearer token belongs to, if it is still approved and was used (or connected)
 * within DEVICE_IDLE_DAYS of `now` (injectable, so tests need not wait 90 days).
 */
export async function findDevice(sql: Sql, token: string, now = new Date()): Promise<DeviceCredential | null> {
  const row = await findBearer(sql, deviceKind, token, now);
  return row && { deviceId: row.id, userId: row.userId };
}

/** The user's working devices (an idle-expired one no longer works, so it is not listed). */
export async function listDevices(sql: Sql, userId: number, now = new Date()): Promise<DeviceView[]> {
  const rows = await sql.query<{ device_id: number; name: string; connected_at: Date | string; last_used_at: Date | string | null }>(
    `select device_id, name, connected_at, last_used_at from extension_devices
     where user_id = $1 and ${deviceKind.working('$2')}
     order by connected_at desc, device_id desc`,
    [userId, cutoffAt(deviceKind, now)],
  );
  return rows.map((r) => ({
    id: r.device_id,
    name: r.name,
    connectedAt: new Date(r.connected_at).toISOString(),
    lastUsedAt: r.last_used_at ? new Date(r.last_used_at).toISOString() : null,
  }));
}

/** The account is being deleted (in its transaction): every device ends (`by: 'deletion'`) and leaves the table. */
export const forgetUserDevices = userWide.forget;
