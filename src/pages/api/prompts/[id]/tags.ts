import { changeTags, TAG_REFUSALS } from '../../../../../modules/tags';
import { tagRoutes } from '../../../../../modules/tags/routes';
import { tagsOfPrompts } from '../../../../../projections/tags/queries';
import { getPromptAccess } from '../../../../../projections/catalog/queries';
import { notFound } from '../../../../server/http';
import { throttleAccount } from '../../../../server/library';
import { serve } from '../../../../server/route';

/**
 * The caller's tags on their own prompt: what its shared public page shows its owner once
 * hydrated. Anyone else's prompt is not found, whoever asks (the admin too).
 */
export const GET = serve(tagRoutes.promptTags, async ({ params: { id }, actor, user, app }) => {
  const access = await getPromptAccess(app.db, id, actor);
  if (!access?.isAuthor) notFound(TAG_REFUSALS.promptNotFound);
  return { promptId: id, tags: (await tagsOfPrompts(app.db, user.id, [id])).get(id) ?? [] };
});

/** The whole set of the prompt's tags (modules/tags): its owner's only, whatever its status. */
export const PUT = serve(tagRoutes.setPromptTags, async ({ params: { id }, body: { tags }, user, app, context, metadata, settle }) => {
  await throttleAccount(app, context, 'library', user.id);
  await settle(await changeTags(app.store, { kind: 'set', userId: user.id, promptId: id, tags }, metadata));
  return { promptId: id, tags: (await tagsOfPrompts(app.db, user.id, [id])).get(id) ?? [] };
});
