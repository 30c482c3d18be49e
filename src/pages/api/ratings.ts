import { rate } from '../../../modules/engagement';
import { engagementRoutes } from '../../../modules/engagement/routes';
import { getRatingTally } from '../../../projections/engagement/queries';
import { throttleAccount } from '../../server/library';
import { serve } from '../../server/route';

export const POST = serve(engagementRoutes.rate, async ({ body: { promptId, value }, user, app, context, metadata, settle }) => {
  await throttleAccount(app, context, 'library', user.id);
  const result = await rate(app.store, user.id, promptId, value, metadata);
  await settle(result);
  const tally = await getRatingTally(app.db, promptId);
  return { userId: user.id, promptId, value: result.value, ...tally };
});
