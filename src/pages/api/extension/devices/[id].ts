import { deviceIdParam, revokeDevice } from '../../../../../modules/devices';
import { requireWebSession } from '../../../../server/device-auth';
import { endpoint, metadataFor, readParam } from '../../../../server/http';

/** Revokes one of the user's devices (dashboard): its token stops working on the next call. */
export const DELETE = endpoint(async (context) => {
  const user = requireWebSession(context);
  const deviceId = readParam(context.params.id, deviceIdParam, 'id');
  const { app } = context.locals;
  await revokeDevice(app.store, user.id, deviceId, 'user', metadataFor(context));
  return new Response(null, { status: 204 });
});
