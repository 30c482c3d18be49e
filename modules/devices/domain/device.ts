import { DomainError, type Decider, type StoredEvent } from '../../../events';
import { DEVICE_MESSAGES } from '../contracts';

export const deviceStream = (deviceId: number) => `device-${deviceId}`;

export interface DeviceState {
  exists: boolean;
  userId: number | null;
  revoked: boolean;
}

export type DeviceCommand =
  | { kind: 'connect'; deviceId: number; userId: number; name: string }
  | { kind: 'revoke'; deviceId: number; userId: number; by: 'user' | 'device' | 'password' | 'deletion' };

export const devicePlan = (command: DeviceCommand) => ({ stream: deviceStream(command.deviceId), command });

export const deviceDecider: Decider<DeviceState, DeviceCommand> = {
  initialState: { exists: false, userId: null, revoked: false },
  evolve(state: DeviceState, event: StoredEvent): DeviceState {
    switch (event.type) {
      case 'DeviceConnected':
        return { exists: true, userId: event.data.userId, revoked: false };
      case 'DeviceRevoked':
        return { ...state, revoked: true };
      default:
        return state;
    }
  },
  decide(command, state) {
    const { deviceId, userId } = command;
    if (command.kind === 'connect') {
      if (state.exists) throw new DomainError('conflict', DEVICE_MESSAGES.tokenUsed);
      return [{ type: 'DeviceConnected', data: { deviceId, userId, name: command.name } }];
    }
    // Someone else's device is answered exactly like a missing one.
    if (!state.exists || state.userId !== userId) throw new DomainError('not_found', DEVICE_MESSAGES.notFound);
    // Revoking twice (two tabs, or the extension signing out after a revoke) changes nothing.
    if (state.revoked) return [];
    return [{ type: 'DeviceRevoked', data: { deviceId, userId, by: command.by } }];
  },
};
