import { markNotifications, NOTIFICATION_REFUSALS } from '../../../../../../modules/notifications';
import { notificationRoutes } from '../../../../../../modules/notifications/routes';
import { isNotificationOf } from '../../../../../../projections/notifications/queries';
import { notFound } from '../../../../../server/http';
import { throttleAccount } from '../../../../../server/library';
import { serve } from '../../../../../server/route';

export const POST = serve(notificationRoutes.notificationRead, async ({ params: { id }, user, app, context, metadata, settle }) => {
  await throttleAccount(app, context, 'library', user.id);
  // Only the person's own: anything else is refused before a mark is written.
  if (!(await isNotificationOf(app.db, user.id, id))) return notFound(NOTIFICATION_REFUSALS.notFound);
  await settle(await markNotifications(app.store, { kind: 'read', userId: user.id, position: id }, metadata));
  return { read: true as const };
});
