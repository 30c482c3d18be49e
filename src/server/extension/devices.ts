import type { Sql } from '../../../events';
import { findConnectionRequest, listDevices, type ConnectionRequestView, type DeviceView } from '../../../modules/devices';
import { listAccessTokens, type AccessTokenView } from '../../../modules/tokens';

/**
 * What pages read about the credentials a user handed out (the extension's devices and
 * personal access tokens), bound to the app's database. The request middleware puts it on
 * `Astro.locals.devices`, so pages never hold a raw `Db`.
 */
export interface DeviceReader {
  /** The user's connected (not revoked) devices, newest first (the dashboard lists them). */
  connected(userId: number): Promise<DeviceView[]>;
  /** The connection request the extension made for a key (the approval page shows it). */
  request(tokenHash: string): Promise<ConnectionRequestView | null>;
  /** The user's working personal access tokens, newest first (the dashboard lists them). */
  accessTokens(userId: number): Promise<AccessTokenView[]>;
}

export function deviceReader(sql: Sql): DeviceReader {
  return {
    connected: (userId) => listDevices(sql, userId),
    request: (hash) => findConnectionRequest(sql, hash),
    accessTokens: (userId) => listAccessTokens(sql, userId),
  };
}
