import { executeIn, handle, transact, type EventMetadata, type EventStore, type Sql } from '../../events';
import { notificationDecider, notificationsStream, type NotificationCommand } from './domain/notifications';

/** Records that a person saw or read their notifications, or changed their digest setting. */
export async function markNotifications(store: EventStore, command: NotificationCommand, metadata: EventMetadata) {
  const decided = await handle(store, notificationDecider, { stream: notificationsStream(command.userId), command }, metadata);
  return { events: decided.events, last: decided.last };
}

export type DigestCommand = Extract<NotificationCommand, { kind: 'digest' }>;

/**
 * Decides one person's daily digest and, when it is due, runs `alsoInTransaction` (queueing
 * the message) in the same transaction as the `NotificationDigestSent` it appends: both
 * commit or neither. Answers whether it was decided; a digest already sent (a run again after
 * a crash, a second worker) is not, and `alsoInTransaction` does not run.
 */
export async function recordDigest(
  store: EventStore,
  command: DigestCommand,
  metadata: EventMetadata,
  alsoInTransaction: (sql: Sql) => Promise<void> = async () => {},
): Promise<boolean> {
  const { result } = await transact(store, async (tx) => {
    const decided = await executeIn(tx, notificationDecider, { stream: notificationsStream(command.userId), command }, metadata);
    if (!decided.events.length) return false;
    await alsoInTransaction(tx);
    return true;
  });
  return result;
}
