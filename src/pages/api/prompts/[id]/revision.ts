import { withdrawRevision } from '../../../../../modules/prompts';
import { promptRoutes } from '../../../../../modules/prompts/routes';
import { serve } from '../../../../server/route';

export const DELETE = serve(promptRoutes.withdrawRevision, async ({ params: { id }, app, actor, metadata, settle }) => {
  const appended = await withdrawRevision(app.store, id, actor, metadata);
  await settle(appended);
  return appended.result;
});
