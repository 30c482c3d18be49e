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

/** The languages a digest is written in (the site's: `src/i18n/languages.ts`, checked by tests/unit/notification-decisions.test.ts). */
export const DIGEST_LANGUAGES = ['en', 'zh-HK'] as const;
export type DigestLanguage = (typeof DIGEST_LANGUAGES)[number];

/** The person's daily email digest setting. */
export interface DigestSettings {
  enabled: boolean;
  language: DigestLanguage;
}

/** Turning the digest on or off; it is written in the language the request is made in. */
export const digestSettingRequest = z.object({ enabled: z.boolean() });

/** The one-click unsubscribe link's query: whose digest, and the token that proves the link is theirs. */
export const unsubscribeQuery = z.object({ u: z.coerce.number().int().positive(), t: z.string().regex(/^[A-Za-z0-9_-]{43}$/) });

/** What the notification routes refuse, by code (texts in `refusals:notifications.*`). */
export const NOTIFICATION_REFUSALS = refusals('notifications', {
  notFound: { kind: 'not_found', text: 'Notification not found' },
  badUnsubscribeLink: { kind: 'forbidden', text: 'This unsubscribe link is not valid' },
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
