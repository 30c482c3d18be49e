import { submitPrompt } from '../../../../modules/prompts';
import { submitPromptRequest } from '../../../../modules/prompts/contracts';
import { getPromptFor, listPrompts } from '../../../../projections/catalog/queries';
import { requireUser } from '../../../server/guards';
import { actorFor, cachedJson, endpoint, json, metadataFor, readBody } from '../../../server/http';

/** All public prompts, most popular first. */
export const GET = endpoint(async ({ request, locals }) => {
  const { db } = locals.app;
  return cachedJson(request, await listPrompts(db, { source: 'all' }));
});

/**
 * Submits a prompt for review (both the submit dialog and the create page post here). Signed-in
 * users only: see docs/architecture.md, "Submission policy". Answers 201 with the pending prompt.
 */
export const POST = endpoint(async (context) => {
  const user = requireUser(context);
  const body = await readBody(context.request, submitPromptRequest);
  const { app } = context.locals;
  const actor = actorFor(context);
  const appended = await submitPrompt(app.store, { ...body, authorName: body.authorName ?? user.name }, actor, metadataFor(context));
  await app.settle(appended);
  const prompt = await getPromptFor(app.db, appended.result.id, actor);
  return json(prompt ?? { id: appended.result.id, status: 'pending' }, { status: 201 });
});
