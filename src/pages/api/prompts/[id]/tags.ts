import { changeTags } from '../../../../../modules/tags';
import { tagRoutes } from '../../../../../modules/tags/routes';
import { tagsOfPrompts } from '../../../../../projections/tags/queries';
import { throttleAccount } from '../../../../server/library';
import { serve } from '../../../../server/route';

/** The whole set of the prompt's tags (modules/tags): its owner's only, whatever its status. */
export const PUT = serve(tagRoutes.setPromptTags, async ({ params: { id }, body: { tags }, user, app, context, metadata, settle }) => {
  await throttleAccount(app, context, 'library', user.id);
  await settle(await changeTags(app.store, { kind: 'set', userId: user.id, promptId: id, tags }, metadata));
  return { promptId: id, tags: (await tagsOfPrompts(app.db, user.id, [id])).get(id) ?? [] };
});
