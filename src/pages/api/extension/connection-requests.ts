import { requestConnection } from '../../../../modules/devices';
import { deviceRoutes } from '../../../../modules/devices/routes';
import { clientIp } from '../../../server/rate-limit';
import { replyWith, serve } from '../../../server/route';

/**
 * Anyone may ask (the extension has no credential yet), so each address is rate limited;
 * the Origin was already checked by the same-origin middleware (the site or the extension).
 */
export const POST = serve(deviceRoutes.requestConnection, async ({ body, app, context, metadata }) => {
  await app.limiter.hit('connect', { ip: clientIp(context, app.config.trustProxy) });
  const headers = context.request.headers;
  await requestConnection(app.store, body, { userAgent: headers.get('user-agent'), origin: headers.get('origin') }, metadata);
  return replyWith({ ok: true as const }, { status: 201 });
});
