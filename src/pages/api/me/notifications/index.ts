import { notificationRoutes } from '../../../../../modules/notifications/routes';
import { notificationPage } from '../../../../server/notifications';
import { serve } from '../../../../server/route';

export const GET = serve(notificationRoutes.myNotifications, ({ query, user, app }) => notificationPage(app.db, user.id, query));
