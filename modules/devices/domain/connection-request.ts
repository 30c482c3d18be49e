import { DomainError, type Decider, type StoredEvent } from '../../../events';
import { CONNECT_REQUEST_TTL_MS, DEVICE_REFUSALS } from '../contracts';

export const connectionRequestStream = (requestId: number) => `device-request-${requestId}`;

export interface ConnectionRequestState {
  requestedAt: Date | null;
  approved: boolean;
}

export type ConnectionRequestCommand =
  | { kind: 'request'; requestId: number; name: string; agent: string; origin: string }
  /** `now` rides in the command, so the decision stays pure and a retry decides on the same clock. */
  | { kind: 'approve'; requestId: number; deviceId: number; userId: number; now: Date };

export const connectionRequestPlan = (command: ConnectionRequestCommand) => ({ stream: connectionRequestStream(command.requestId), command });

/** Whether a request asked at `requestedAt` may still be approved at `now`. */
export function requestExpired(requestedAt: Date, now: Date): boolean {
  return now.getTime() - requestedAt.getTime() > CONNECT_REQUEST_TTL_MS;
}

/**
 * A connection request: asked once by the extension, approved at most once by a signed-in
 * user, and only within CONNECT_REQUEST_TTL_MINUTES of the asking.
 */
export const connectionRequestDecider: Decider<ConnectionRequestState, ConnectionRequestCommand> = {
  initialState: { requestedAt: null, approved: false },
  evolve(state: ConnectionRequestState, event: StoredEvent): ConnectionRequestState {
    switch (event.type) {
      case 'DeviceConnectionRequested':
        return { requestedAt: new Date(event.createdAt), approved: false };
      case 'DeviceConnectionApproved':
        return { ...state, approved: true };
      default:
        return state;
    }
  },
  decide(command, state) {
    const { requestId } = command;
    if (command.kind === 'request') {
      if (state.requestedAt) throw new DomainError(DEVICE_REFUSALS.tokenUsed);
      return [{ type: 'DeviceConnectionRequested', data: { requestId, name: command.name, agent: command.agent, origin: command.origin } }];
    }
    if (!state.requestedAt) throw new DomainError(DEVICE_REFUSALS.requestUnknown);
    if (state.approved) throw new DomainError(DEVICE_REFUSALS.tokenUsed);
    if (requestExpired(state.requestedAt, command.now)) throw new DomainError(DEVICE_REFUSALS.requestExpired);
    return [{ type: 'DeviceConnectionApproved', data: { requestId, deviceId: command.deviceId, userId: command.userId } }];
  },
};
