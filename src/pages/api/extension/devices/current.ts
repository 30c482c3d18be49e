import { revokeDevice } from '../../../../../modules/devices';
import { deviceRoutes } from '../../../../../modules/devices/routes';
import { serve } from '../../../../server/route';

/** Bearer only: a website session has no device to revoke, and answers 204 all the same. */
export const DELETE = serve(deviceRoutes.signOutDevice, async ({ user, app, context, metadata }) => {
  if (context.locals.deviceId) await revokeDevice(app.store, user.id, context.locals.deviceId, 'device', metadata);
  return new Response(null, { status: 204 });
});
