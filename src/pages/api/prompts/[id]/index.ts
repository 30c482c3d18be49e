import { PROMPT_REFUSALS } from '../../../../../modules/prompts/contracts';
import { editPrompt, withdrawPrompt } from '../../../../../modules/prompts';
import { templateVariables } from '../../../../../modules/prompts/contracts';
import { promptRoutes } from '../../../../../modules/prompts/routes';
import { getPromptFor } from '../../../../../projections/catalog/queries';
import { getVersionRating } from '../../../../../projections/engagement/queries';
import { throttleAccount } from '../../../../server/library';
import { cachedJson, json, notFound } from '../../../../server/http';
import { serve } from '../../../../server/route';

/** A public prompt is cacheable; an unpublished one is answered to its submitter and the admin only, never cached. */
export const GET = serve(promptRoutes.prompt, async ({ params: { id }, app, actor, context }) => {
  const found = await getPromptFor(app.db, id, actor);
  if (!found) notFound(PROMPT_REFUSALS.notFound);
  const prompt = { ...found, variables: templateVariables(found.content), versionRating: await getVersionRating(app.db, id, found.version) };
  if (prompt.status !== 'approved') return json(prompt, { headers: { 'cache-control': 'private, no-store' } });
  const { status: _status, ...publicView } = prompt;
  return cachedJson(context.request, publicView);
});

export const DELETE = serve(promptRoutes.withdraw, async ({ params: { id }, app, actor, metadata, settle }) => {
  const appended = await withdrawPrompt(app.store, id, actor, metadata);
  await settle(appended);
  return appended.result;
});

/** One event per edit: applied at once, or a pending revision of a published prompt (decideEdit). */
export const PATCH = serve(promptRoutes.edit, async ({ params: { id }, body: { note, ...change }, user, app, actor, context, metadata, settle }) => {
  if (!actor.isAdmin) await throttleAccount(app, context, 'library', user.id);
  const appended = await editPrompt(app.store, id, change, note, actor, metadata);
  await settle(appended);
  return appended.result;
});
