import { z } from 'zod';
import { pageQuery } from '../../events/paging';
import { refusals } from '../../events/refusals';

export type { Page } from '../../events/paging';

/**
 * What can happen to a person that they are told about (docs/notifications.md): each kind is
 * made by the notifications projection from an event someone else wrote.
 */
export const NOTIFICATION_KINDS = [
  'prompt-approved',
  'prompt-rejected',
  'prompt-withdrawn',
  'revision-approved',
  'revision-rejected',
  'comment-reply',
  'comment-hidden',
  'report-hidden',
  'report-withdrawn',
  'report-dismissed',
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

/** One notification as its person reads it; `position` (the event's place in the log) names it. */
export interface NotificationView {
  position: number;
  kind: NotificationKind;
  at: string;
  promptId: number | null;
  /** The prompt's title as the person may read it now ("" once it is gone). */
  promptTitle: string;
  /** The revision decided (revision kinds). */
  version: number | null;
  /** A rejection's reason code, or the admin's reason for a report's outcome or a hidden comment. */
  reason: string | null;
  /** The admin's note to the author (rejections). */
  note: string | null;
  read: boolean;
}

/** How many notifications came since the person last looked. */
export interface NotificationCount {
  unseen: number;
}

export const notificationsQuery = pageQuery;
export const notificationsSeenRequest = z.object({ upTo: z.number().int().positive() });
export const notificationsAllReadRequest = notificationsSeenRequest;

/** What the notification routes refuse, by code (texts in `refusals:notifications.*`). */
export const NOTIFICATION_REFUSALS = refusals('notifications', {
  notFound: { kind: 'not_found', text: 'Notification not found' },
});

/** Where a notification takes its person: the place they act on it. */
export function notificationHref(n: Pick<NotificationView, 'kind' | 'promptId'>): string {
  if (n.promptId === null) return '/dashboard?tab=submissions';
  switch (n.kind) {
    case 'revision-approved':
    case 'revision-rejected':
      return `/prompts/${n.promptId}/versions`;
    case 'comment-reply':
    case 'comment-hidden':
    case 'report-hidden':
      return `/prompts/${n.promptId}#comments`;
    default:
      return `/prompts/${n.promptId}`;
  }
}
