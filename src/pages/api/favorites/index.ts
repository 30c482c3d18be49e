import { bookmark } from '../../../../modules/engagement';
import { engagementRoutes } from '../../../../modules/engagement/routes';
import { throttleAccount } from '../../../server/library';
import { replyWith, serve } from '../../../server/route';

/** 201 with the favorite's id, or 200 with the same id when it was already bookmarked (a double click is not an error). */
export const POST = serve(engagementRoutes.bookmark, async ({ body: { promptId }, user, app, context, metadata, settle }) => {
  await throttleAccount(app, context, 'library', user.id);
  const result = await bookmark(app.store, user.id, promptId, metadata);
  await settle(result);
  return replyWith({ id: result.favoriteId, userId: user.id, promptId }, { status: result.created ? 201 : 200 });
});
