import { notificationRoutes } from '../../../../../modules/notifications/routes';
import { unseenNotifications } from '../../../../../projections/notifications/queries';
import { serve } from '../../../../server/route';

export const GET = serve(notificationRoutes.notificationCount, async ({ user, app }) => ({ unseen: await unseenNotifications(app.db, user.id) }));
