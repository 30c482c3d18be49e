import { reReviewPrompt } from '../../../../../../modules/prompts';
import { promptRoutes } from '../../../../../../modules/prompts/routes';
import { serve } from '../../../../../server/route';

/** Each change is an event in the history; one that would change nothing is a 409. */
export const PUT = serve(promptRoutes.reReview, async ({ params: { id }, body: { isApproved }, app, actor, metadata, settle }) => {
  const appended = await reReviewPrompt(app.store, id, isApproved, actor, metadata);
  await settle(appended);
  return appended.result;
});
