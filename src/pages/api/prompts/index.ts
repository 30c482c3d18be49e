import { submitPrompt } from '../../../../modules/prompts';
import { promptRoutes } from '../../../../modules/prompts/routes';
import { getPromptFor, listPrompts } from '../../../../projections/catalog/queries';
import { countPendingBy } from '../../../../projections/review/queries';
import { cachedJson } from '../../../server/http';
import { throttleAccount } from '../../../server/library';
import { replyWith, serve } from '../../../server/route';

export const GET = serve(promptRoutes.prompts, async ({ app, context }) => cachedJson(context.request, await listPrompts(app.db, { source: 'all' })));

/** Both the submit dialog and the create page post here; signed-in users only (docs/architecture.md, "Submission policy"). */
export const POST = serve(promptRoutes.submit, async ({ body, user, app, actor, context, metadata, settle }) => {
  // Submission limits (issue 18): a rate per account here, the pending count in the decision.
  // The admin (who also imports) is held to neither.
  if (!actor.isAdmin) await throttleAccount(app, context, 'submit', user.id);
  const pending = actor.isAdmin ? 0 : await countPendingBy(app.db, user.id);
  const appended = await submitPrompt(app.store, { ...body, authorName: body.authorName ?? user.name }, actor, metadata, pending);
  await settle(appended);
  const prompt = await getPromptFor(app.db, appended.result.id, actor);
  if (!prompt) throw new Error(`submitted prompt ${appended.result.id} is not in the catalog after settling`);
  return replyWith(prompt, { status: 201 });
});
