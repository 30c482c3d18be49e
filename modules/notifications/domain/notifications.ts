import type { Decider, StoredEvent } from '../../../events';

/** A person's marks on their notifications: what they saw and read. */
export const notificationsStream = (userId: number) => `notifications-${userId}`;

export interface NotificationMarks {
  /** The newest position the person was shown. */
  seenUpTo: number;
  /** Everything up to here is read ("Mark all read"). */
  allReadUpTo: number;
}

export type NotificationCommand =
  { kind: 'seen'; userId: number; upTo: number } | { kind: 'read'; userId: number; position: number } | { kind: 'all-read'; userId: number; upTo: number };

export const notificationDecider: Decider<NotificationMarks, NotificationCommand> = {
  initialState: { seenUpTo: 0, allReadUpTo: 0 },
  evolve(state: NotificationMarks, event: StoredEvent): NotificationMarks {
    switch (event.type) {
      case 'NotificationsSeen':
        return { ...state, seenUpTo: Math.max(state.seenUpTo, event.data.upTo) };
      case 'NotificationsAllRead':
        return { seenUpTo: Math.max(state.seenUpTo, event.data.upTo), allReadUpTo: Math.max(state.allReadUpTo, event.data.upTo) };
      default:
        return state;
    }
  },
  // Marks only move forward: looking again at what was already seen or read adds nothing.
  decide(command, state) {
    switch (command.kind) {
      case 'seen':
        return command.upTo > state.seenUpTo ? [{ type: 'NotificationsSeen', data: { userId: command.userId, upTo: command.upTo } }] : [];
      case 'all-read':
        return command.upTo > state.allReadUpTo ? [{ type: 'NotificationsAllRead', data: { userId: command.userId, upTo: command.upTo } }] : [];
      case 'read':
        return command.position > state.allReadUpTo ? [{ type: 'NotificationRead', data: { userId: command.userId, position: command.position } }] : [];
    }
  },
};
