import { reviewPrompt } from '../../../../../../modules/prompts';
import { promptRoutes } from '../../../../../../modules/prompts/routes';
import { serve } from '../../../../../server/route';

/** A double click never makes two events: the second decision sees the first and is a 409. */
export const PUT = serve(promptRoutes.review, async ({ params: { id }, body: { isApproved, reason, note }, app, actor, metadata, settle }) => {
  const appended = await reviewPrompt(app.store, id, isApproved, actor, metadata, { reason: reason ?? null, note });
  await settle(appended);
  return appended.result;
});
