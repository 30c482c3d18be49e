import { connectDevice, listDevices } from '../../../../../modules/devices';
import { deviceRoutes } from '../../../../../modules/devices/routes';
import { replyWith, serve } from '../../../../server/route';

export const GET = serve(deviceRoutes.devices, ({ user, app }) => listDevices(app.db, user.id));

/**
 * Website session only, behind the site's same-origin check: neither a device token nor another
 * site can add devices. Only a request the extension made in the last 10 minutes is approved.
 */
export const POST = serve(deviceRoutes.connectDevice, async ({ body, user, app, metadata }) => {
  const connected = await connectDevice(app.store, user.id, body, metadata);
  const device = (await listDevices(app.db, user.id)).find((d) => d.id === connected.deviceId);
  if (!device) throw new Error(`connected device ${connected.deviceId} is not listed`);
  return replyWith(device, { status: 201 });
});
