import { withdrawPrompt } from '../../../../../modules/prompts';
import { promptIdParam } from '../../../../../modules/prompts/contracts';
import { getPromptFor } from '../../../../../projections/catalog/queries';
import { requireUser } from '../../../../server/guards';
import { actorFor, cachedJson, endpoint, json, metadataFor, notFound, readParam } from '../../../../server/http';

/**
 * One prompt. Public ones for everyone (cacheable); an unpublished one only for its
 * submitter and the admin, with its status and never cached; anyone else gets 404.
 */
export const GET = endpoint(async (context) => {
  const id = readParam(context.params.id, promptIdParam, 'prompt id');
  const { db } = context.locals.app;
  const prompt = await getPromptFor(db, id, actorFor(context));
  if (!prompt) notFound('Prompt not found');
  if (prompt.status !== 'approved') return json(prompt, { headers: { 'cache-control': 'private, no-store' } });
  const { status: _status, ...publicView } = prompt;
  return cachedJson(context.request, publicView);
});

/** The author (or the admin) withdraws the prompt: it leaves every public list at once. */
export const DELETE = endpoint(async (context) => {
  requireUser(context);
  const id = readParam(context.params.id, promptIdParam, 'prompt id');
  const { app } = context.locals;
  const appended = await withdrawPrompt(app.store, id, actorFor(context), metadataFor(context));
  await app.settle(appended);
  return json(appended.result);
});
