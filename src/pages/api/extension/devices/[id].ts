import { revokeDevice } from '../../../../../modules/devices';
import { deviceRoutes } from '../../../../../modules/devices/routes';
import { serve } from '../../../../server/route';

export const DELETE = serve(deviceRoutes.revokeDevice, async ({ params: { id }, user, app, metadata }) => {
  await revokeDevice(app.store, user.id, id, 'user', metadata);
  return new Response(null, { status: 204 });
});
