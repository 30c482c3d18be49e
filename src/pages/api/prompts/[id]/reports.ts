import { fileReport } from '../../../../../modules/discussion';
import { discussionRoutes } from '../../../../../modules/discussion/routes';
import { throttleAccount } from '../../../../server/library';
import { replyWith, serve } from '../../../../server/route';

export const POST = serve(discussionRoutes.reportPrompt, async ({ params: { id }, body, user, app, context, metadata, settle }) => {
  await throttleAccount(app, context, 'report', user.id);
  const filed = await fileReport(app.store, user.id, { promptId: id, commentId: null }, body, metadata);
  await settle(filed);
  return replyWith({ id: filed.reportId }, { status: 201 });
});
