import { handle, type EventMetadata, type EventStore } from '../../events';
import { notificationDecider, notificationsStream, type NotificationCommand } from './domain/notifications';

/** Records that a person saw or read their notifications. */
export async function markNotifications(store: EventStore, command: NotificationCommand, metadata: EventMetadata) {
  const decided = await handle(store, notificationDecider, { stream: notificationsStream(command.userId), command }, metadata);
  return { events: decided.events, last: decided.last };
}
