import { deletePrompt } from '../../../../../modules/prompts';
import { promptRoutes } from '../../../../../modules/prompts/routes';
import { throttleAccount } from '../../../../server/library';
import { serve } from '../../../../server/route';

/** Into Recently deleted (decideDelete): a pending or published prompt is withdrawn in the same transaction. */
export const POST = serve(promptRoutes.deletePrompt, async ({ params: { id }, user, app, actor, context, metadata, settle }) => {
  await throttleAccount(app, context, 'library', user.id);
  const appended = await deletePrompt(app.store, id, actor, metadata, app.clock());
  await settle(appended);
  return appended.result;
});
