import { connectDevice, connectDeviceRequest, listDevices } from '../../../../../modules/devices';
import { requireWebSession } from '../../../../server/device-auth';
import { endpoint, json, metadataFor, readBody } from '../../../../server/http';

/** The signed-in user's connected extension devices (dashboard). Website session only. */
export const GET = endpoint(async (context) => {
  const user = requireWebSession(context);
  const { app } = context.locals;
  return json(await listDevices(app.db, user.id));
});

/**
 * Approves a device (the connect page posts here): website session only, behind the site's
 * same-origin check, so neither a device token nor another site can add devices.
 */
export const POST = endpoint(async (context) => {
  const user = requireWebSession(context);
  const body = await readBody(context.request, connectDeviceRequest);
  const { app } = context.locals;
  const connected = await connectDevice(app.store, user.id, body, metadataFor(context));
  const device = (await listDevices(app.db, user.id)).find((d) => d.id === connected.deviceId);
  return json(device, { status: 201 });
});
