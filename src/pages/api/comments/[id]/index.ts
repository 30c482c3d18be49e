import { changeComment } from '../../../../../modules/discussion';
import { DISCUSSION_REFUSALS } from '../../../../../modules/discussion/contracts';
import { discussionRoutes } from '../../../../../modules/discussion/routes';
import { commentById } from '../../../../server/discussion';
import { notFound } from '../../../../server/http';
import { throttleAccount } from '../../../../server/library';
import { serve } from '../../../../server/route';

export const PATCH = serve(discussionRoutes.editComment, async ({ params: { id }, body, user, app, context, metadata, settle }) => {
  await throttleAccount(app, context, 'comment', user.id);
  const edited = await changeComment(app.store, { kind: 'edit', commentId: id, userId: user.id, body: body.body, at: metadata.at }, metadata);
  await settle(edited);
  const view = await commentById(app.db, id);
  if (!view) notFound(DISCUSSION_REFUSALS.notFound);
  return view;
});

export const DELETE = serve(discussionRoutes.deleteComment, async ({ params: { id }, user, app, context, metadata, settle }) => {
  await throttleAccount(app, context, 'comment', user.id);
  const deleted = await changeComment(app.store, { kind: 'delete', commentId: id, userId: user.id }, metadata);
  await settle(deleted);
  return { id };
});
