import { reviewPrompt } from '../../../../../../modules/prompts';
import { promptRoutes } from '../../../../../../modules/prompts/routes';
import { serve } from '../../../../../server/route';

/** A double click never makes two events: the second decision sees the first and is a 409. */
export const PUT = serve(promptRoutes.review, async ({ params: { id }, body: { isApproved }, app, actor, metadata, settle }) => {
  const appended = await reviewPrompt(app.store, id, isApproved, actor, metadata);
  await settle(appended);
  return appended.result;
});
