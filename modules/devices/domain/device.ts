import { bearerDecider, DomainError, type BearerKind, type RevokeBearer } from '../../../events';
import { DEVICE_IDLE_MS, DEVICE_REFUSALS } from '../contracts';

export const deviceStream = (deviceId: number) => `device-${deviceId}`;

/** An extension device as a bearer credential: it works while used (or connected) within DEVICE_IDLE_DAYS. */
export const deviceKind: BearerKind = {
  table: 'extension_devices',
  idColumn: 'device_id',
  stream: deviceStream,
  created: 'DeviceConnected',
  revoked: 'DeviceRevoked',
  idField: 'deviceId',
  notFound: DEVICE_REFUSALS.notFound,
  working: (cutoff) => `coalesce(last_used_at, connected_at) > ${cutoff}`,
  cutoff: (now) => new Date(now.getTime() - DEVICE_IDLE_MS),
};

export type DeviceCommand =
  { kind: 'connect'; deviceId: number; userId: number; name: string } | (RevokeBearer<'user' | 'device' | 'password' | 'deletion'> & { deviceId: number });

export const devicePlan = (command: DeviceCommand) => ({ stream: deviceStream(command.deviceId), command });

export const deviceDecider = bearerDecider<DeviceCommand>(
  deviceKind,
  (command) => command.deviceId,
  (command, state) => {
    if (state.exists) throw new DomainError(DEVICE_REFUSALS.tokenUsed);
    const { deviceId, userId, name } = command;
    return [{ type: 'DeviceConnected', data: { deviceId, userId, name } }];
  },
);
