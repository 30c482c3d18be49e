import { markNotifications } from '../../../../../modules/notifications';
import { notificationRoutes } from '../../../../../modules/notifications/routes';
import { unseenNotifications } from '../../../../../projections/notifications/queries';
import { throttleAccount } from '../../../../server/library';
import { serve } from '../../../../server/route';

export const POST = serve(notificationRoutes.notificationsAllRead, async ({ body: { upTo }, user, app, context, metadata, settle }) => {
  await throttleAccount(app, context, 'library', user.id);
  await settle(await markNotifications(app.store, { kind: 'all-read', userId: user.id, upTo }, metadata));
  return { unseen: await unseenNotifications(app.db, user.id) };
});
