import { submitPrompt } from '../../../../modules/prompts';
import { promptRoutes } from '../../../../modules/prompts/routes';
import { getPromptFor, listPrompts } from '../../../../projections/catalog/queries';
import { cachedJson } from '../../../server/http';
import { replyWith, serve } from '../../../server/route';

export const GET = serve(promptRoutes.prompts, async ({ app, context }) => cachedJson(context.request, await listPrompts(app.db, { source: 'all' })));

/** Both the submit dialog and the create page post here; signed-in users only (docs/architecture.md, "Submission policy"). */
export const POST = serve(promptRoutes.submit, async ({ body, user, app, actor, metadata, settle }) => {
  const appended = await submitPrompt(app.store, { ...body, authorName: body.authorName ?? user.name }, actor, metadata);
  await settle(appended);
  const prompt = await getPromptFor(app.db, appended.result.id, actor);
  if (!prompt) throw new Error(`submitted prompt ${appended.result.id} is not in the catalog after settling`);
  return replyWith(prompt, { status: 201 });
});
