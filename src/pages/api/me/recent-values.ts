import { clearRecentValues } from '../../../../modules/engagement';
import { engagementRoutes } from '../../../../modules/engagement/routes';
import { throttleAccount } from '../../../server/library';
import { serve } from '../../../server/route';

export const DELETE = serve(engagementRoutes.clearRecentValues, async ({ user, app, context, metadata, settle }) => {
  await throttleAccount(app, context, 'library', user.id);
  await settle(await clearRecentValues(app.store, user.id, metadata));
  return { cleared: true as const };
});
