import type { Decider, StoredEvent } from '../../../events';
import type { DigestLanguage } from '../contracts';

/** A person's marks on their notifications: what they saw and read, and their daily digest. */
export const notificationsStream = (userId: number) => `notifications-${userId}`;

export interface NotificationMarks {
  /** The newest position the person was shown. */
  seenUpTo: number;
  /** Everything up to here is read ("Mark all read"). */
  allReadUpTo: number;
  /** The daily email digest: off until the person turns it on. */
  digest: { enabled: boolean; language: DigestLanguage; sentUpTo: number; lastDay: string | null };
}

export type NotificationCommand =
  | { kind: 'seen'; userId: number; upTo: number }
  | { kind: 'read'; userId: number; position: number }
  | { kind: 'all-read'; userId: number; upTo: number }
  | { kind: 'digest-setting'; userId: number; enabled: boolean; language: DigestLanguage }
  | { kind: 'unsubscribe'; userId: number }
  /** Send a digest of `count` unread notifications up to `upTo`, on the UTC date `day`. */
  | { kind: 'digest'; userId: number; upTo: number; count: number; day: string };

export const notificationDecider: Decider<NotificationMarks, NotificationCommand> = {
  initialState: { seenUpTo: 0, allReadUpTo: 0, digest: { enabled: false, language: 'en', sentUpTo: 0, lastDay: null } },
  evolve(state: NotificationMarks, event: StoredEvent): NotificationMarks {
    switch (event.type) {
      case 'NotificationsSeen':
        return { ...state, seenUpTo: Math.max(state.seenUpTo, event.data.upTo) };
      case 'NotificationsAllRead':
        return { ...state, seenUpTo: Math.max(state.seenUpTo, event.data.upTo), allReadUpTo: Math.max(state.allReadUpTo, event.data.upTo) };
      case 'NotificationDigestChanged':
        return { ...state, digest: { ...state.digest, enabled: event.data.enabled, language: event.data.language } };
      case 'NotificationDigestSent':
        return { ...state, digest: { ...state.digest, sentUpTo: Math.max(state.digest.sentUpTo, event.data.upTo), lastDay: event.data.day } };
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
      case 'digest-setting': {
        const { enabled, language } = command;
        if (enabled === state.digest.enabled && (!enabled || language === state.digest.language)) return [];
        return [{ type: 'NotificationDigestChanged', data: { userId: command.userId, enabled, language, via: 'settings' } }];
      }
      case 'unsubscribe':
        // A second click on the link (or a mail client's retry) changes nothing.
        if (!state.digest.enabled) return [];
        return [{ type: 'NotificationDigestChanged', data: { userId: command.userId, enabled: false, language: state.digest.language, via: 'unsubscribe' } }];
      case 'digest':
        // At most one digest a day, only while it is on, only for what no digest listed yet and
        // what is not marked read: a job run again (a retry, a restart) decides nothing twice.
        if (!state.digest.enabled || state.digest.lastDay === command.day || command.count < 1) return [];
        if (command.upTo <= state.digest.sentUpTo || command.upTo <= state.allReadUpTo) return [];
        return [{ type: 'NotificationDigestSent', data: { userId: command.userId, upTo: command.upTo, count: command.count, day: command.day } }];
    }
  },
};
