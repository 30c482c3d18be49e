import { revokeDevice } from '../../../../../modules/devices';
import { requireUser } from '../../../../server/guards';
import { endpoint, metadataFor } from '../../../../server/http';

/** The extension signs itself out: its own token is revoked (bearer only). */
export const DELETE = endpoint(async (context) => {
  const user = requireUser(context);
  const { app } = context.locals;
  if (context.locals.deviceId) await revokeDevice(app.store, user.id, context.locals.deviceId, 'device', metadataFor(context));
  return new Response(null, { status: 204 });
});
