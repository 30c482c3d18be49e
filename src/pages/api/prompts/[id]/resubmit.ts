import { resubmitPrompt } from '../../../../../modules/prompts';
import { promptRoutes } from '../../../../../modules/prompts/routes';
import { getPromptFor } from '../../../../../projections/catalog/queries';
import { countPendingBy } from '../../../../../projections/review/queries';
import { throttleAccount } from '../../../../server/library';
import { serve } from '../../../../server/route';

/** A rejected prompt, changed since, joins the queue again: held to the same limits as a new submission. */
export const POST = serve(promptRoutes.resubmit, async ({ params: { id }, user, app, actor, context, metadata, settle }) => {
  if (!actor.isAdmin) await throttleAccount(app, context, 'submit', user.id);
  const pending = actor.isAdmin ? 0 : await countPendingBy(app.db, user.id);
  const appended = await resubmitPrompt(app.store, id, actor, metadata, pending);
  await settle(appended);
  const prompt = await getPromptFor(app.db, id, actor);
  if (!prompt) throw new Error(`resubmitted prompt ${id} is not in the catalog after settling`);
  return prompt;
});
