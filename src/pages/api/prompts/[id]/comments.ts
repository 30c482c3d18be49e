import { postComment } from '../../../../../modules/discussion';
import { discussionRoutes } from '../../../../../modules/discussion/routes';
import { DISCUSSION_REFUSALS } from '../../../../../modules/discussion/contracts';
import { getPublicPrompt } from '../../../../../projections/catalog/queries';
import { commentById, commentPage } from '../../../../server/discussion';
import { notFound } from '../../../../server/http';
import { throttleAccount } from '../../../../server/library';
import { replyWith, serve } from '../../../../server/route';

export const GET = serve(discussionRoutes.comments, async ({ params: { id }, query, app }) => {
  if (!(await getPublicPrompt(app.db, id))) notFound(DISCUSSION_REFUSALS.promptNotFound);
  return commentPage(app.db, id, query);
});

export const POST = serve(discussionRoutes.postComment, async ({ params: { id }, body, user, app, context, metadata, settle }) => {
  await throttleAccount(app, context, 'comment', user.id);
  const posted = await postComment(app.store, id, user.id, body.body, body.parentId, metadata);
  await settle(posted);
  const view = await commentById(app.db, posted.commentId);
  if (!view) throw new Error(`comment ${posted.commentId} is not readable after settling`);
  return replyWith(view, { status: 201 });
});
