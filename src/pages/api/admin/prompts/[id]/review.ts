import { reviewPrompt } from '../../../../../../modules/prompts';
import { promptIdParam, reviewRequest } from '../../../../../../modules/prompts/contracts';
import { requireAdmin } from '../../../../../server/guards';
import { actorFor, endpoint, json, metadataFor, readBody, readParam } from '../../../../../server/http';

/**
 * Admin: the first decision on a pending prompt (PromptReviewed, with the reviewer). A prompt
 * that is no longer pending is a 409, so a double click never makes two events; changing a
 * decision later is the explicit re-review.
 */
export const PUT = endpoint(async (context) => {
  requireAdmin(context);
  const id = readParam(context.params.id, promptIdParam, 'prompt id');
  const { isApproved } = await readBody(context.request, reviewRequest);
  const { app } = context.locals;
  const appended = await reviewPrompt(app.store, id, isApproved, actorFor(context), metadataFor(context));
  await app.settle(appended);
  return json(appended.result);
});
