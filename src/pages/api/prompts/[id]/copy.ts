import { copyPrompt } from '../../../../../modules/prompts';
import { promptRoutes } from '../../../../../modules/prompts/routes';
import { getPromptFor } from '../../../../../projections/catalog/queries';
import { throttleAccount } from '../../../../server/library';
import { replyWith, serve } from '../../../../server/route';

/** "Save a copy" (decideCopy): the copy is the caller's private prompt, under their own name. */
export const POST = serve(promptRoutes.copy, async ({ params: { id }, user, app, actor, context, metadata, settle }) => {
  await throttleAccount(app, context, 'library', user.id);
  const appended = await copyPrompt(app.store, id, user.name, actor, metadata);
  await settle(appended);
  const copy = await getPromptFor(app.db, appended.result.id, actor);
  if (!copy) throw new Error(`copied prompt ${appended.result.id} is not in the catalog after settling`);
  return replyWith(copy, { status: 201 });
});
