/** Notifications: what happened to a person, told in the nav's bell (the list is the notifications projection's). */
export { markNotifications, recordDigest, type DigestCommand } from './commands';
export { notificationDecider, notificationsStream, type NotificationCommand, type NotificationMarks } from './domain/notifications';
export * from './contracts';
