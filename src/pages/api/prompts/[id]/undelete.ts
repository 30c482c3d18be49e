import { undeletePrompt } from '../../../../../modules/prompts';
import { promptRoutes } from '../../../../../modules/prompts/routes';
import { throttleAccount } from '../../../../server/library';
import { serve } from '../../../../server/route';

/** Out of Recently deleted, or the toast's Undo (decideUndelete). */
export const POST = serve(promptRoutes.undeletePrompt, async ({ params: { id }, user, app, actor, context, metadata, settle }) => {
  await throttleAccount(app, context, 'library', user.id);
  const appended = await undeletePrompt(app.store, id, actor, metadata, app.clock());
  await settle(appended);
  return appended.result;
});
