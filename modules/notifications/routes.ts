import { idParams } from '../../events/ids';
import type { Page } from '../../events/paging';
import { route } from '../../events/route';
import {
  digestSettingRequest,
  notificationsAllReadRequest,
  notificationsQuery,
  notificationsSeenRequest,
  type DigestSettings,
  type NotificationCount,
  type NotificationView,
} from './contracts';

/** The signed-in person's notifications (docs/notifications.md): the list, the bell's count and the read marks. */
export const notificationRoutes = {
  myNotifications: route<Page<NotificationView>>()({
    method: 'GET',
    path: '/api/me/notifications',
    caller: 'web-user',
    query: notificationsQuery,
    summary: "The caller's notifications, newest first, each read or unread; paged (cursor: the last position).",
  }),
  notificationCount: route<NotificationCount>()({
    method: 'GET',
    path: '/api/me/notifications/count',
    caller: 'web-user',
    summary: "How many notifications came since the caller last looked (the nav's bell).",
  }),
  notificationsSeen: route<NotificationCount>()({
    method: 'POST',
    path: '/api/me/notifications/seen',
    caller: 'web-user',
    reads: ['notifications'],
    body: notificationsSeenRequest,
    summary: 'The caller looked at their notifications up to position `upTo`: the count starts again after it.',
  }),
  notificationRead: route<{ read: true }>()({
    method: 'POST',
    path: '/api/me/notifications/{id}/read',
    caller: 'web-user',
    reads: ['notifications'],
    params: idParams,
    summary: "Marks one of the caller's notifications (by its position) read; 404 when it is not theirs.",
  }),
  notificationsAllRead: route<NotificationCount>()({
    method: 'POST',
    path: '/api/me/notifications/read',
    caller: 'web-user',
    reads: ['notifications'],
    body: notificationsAllReadRequest,
    summary: "Marks every one of the caller's notifications up to position `upTo` read (and seen).",
  }),
  digestSettings: route<DigestSettings>()({
    method: 'GET',
    path: '/api/me/notifications/digest',
    caller: 'web-user',
    summary: "The caller's daily email digest setting (off until turned on).",
  }),
  changeDigest: route<DigestSettings>()({
    method: 'PUT',
    path: '/api/me/notifications/digest',
    caller: 'web-user',
    reads: ['notifications'],
    body: digestSettingRequest,
    summary: 'Turns the daily email digest of unread notifications on or off; it is written in the language of the request.',
  }),
};
