import { fileReport } from '../../../../../modules/discussion';
import { DISCUSSION_REFUSALS } from '../../../../../modules/discussion/contracts';
import { discussionRoutes } from '../../../../../modules/discussion/routes';
import { getComment } from '../../../../../projections/discussion/queries';
import { notFound } from '../../../../server/http';
import { throttleAccount } from '../../../../server/library';
import { replyWith, serve } from '../../../../server/route';

export const POST = serve(discussionRoutes.reportComment, async ({ params: { id }, body, user, app, context, metadata, settle }) => {
  await throttleAccount(app, context, 'report', user.id);
  // Where the comment is, from the read model; whether it may be reported is decided from its stream.
  const comment = await getComment(app.db, id);
  if (!comment) notFound(DISCUSSION_REFUSALS.notFound);
  const filed = await fileReport(app.store, user.id, { promptId: comment.promptId, commentId: id }, body, metadata);
  await settle(filed);
  return replyWith({ id: filed.reportId }, { status: 201 });
});
