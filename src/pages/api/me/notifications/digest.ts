import { markNotifications } from '../../../../../modules/notifications';
import { notificationRoutes } from '../../../../../modules/notifications/routes';
import { digestSettings } from '../../../../../projections/notifications/queries';
import { throttleAccount } from '../../../../server/library';
import { serve } from '../../../../server/route';

export const GET = serve(notificationRoutes.digestSettings, async ({ user, app }) => digestSettings(app.db, user.id));

// The digest is written in the language the person uses the site in when they choose.
export const PUT = serve(notificationRoutes.changeDigest, async ({ body: { enabled }, user, app, context, metadata, settle }) => {
  await throttleAccount(app, context, 'library', user.id);
  await settle(await markNotifications(app.store, { kind: 'digest-setting', userId: user.id, enabled, language: context.locals.lng }, metadata));
  return digestSettings(app.db, user.id);
});
