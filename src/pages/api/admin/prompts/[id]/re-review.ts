import { reReviewPrompt } from '../../../../../../modules/prompts';
import { promptIdParam, reviewRequest } from '../../../../../../modules/prompts/contracts';
import { requireAdmin } from '../../../../../server/guards';
import { actorFor, endpoint, json, metadataFor, readBody, readParam } from '../../../../../server/http';

/**
 * Admin: changes an earlier decision. `{ isApproved: true }` publishes a rejected prompt (or
 * one the admin withdrew); `{ isApproved: false }` withdraws a published one. Each change
 * is an event in the history; one that would change nothing is a 409.
 */
export const PUT = endpoint(async (context) => {
  requireAdmin(context);
  const id = readParam(context.params.id, promptIdParam, 'prompt id');
  const { isApproved } = await readBody(context.request, reviewRequest);
  const { app } = context.locals;
  const appended = await reReviewPrompt(app.store, id, isApproved, actorFor(context), metadataFor(context));
  await app.settle(appended);
  return json(appended.result);
});
