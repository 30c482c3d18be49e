import { removeBookmark, resolveFavorite } from '../../../../modules/engagement';
import { engagementRoutes } from '../../../../modules/engagement/routes';
import { throttleAccount } from '../../../server/library';
import { serve } from '../../../server/route';

/**
 * By favorite id or by prompt id. Removing the same favorite id twice
 * answers 200 both times; an id that is neither the user's favorite nor a prompt they
 * bookmarked is 404.
 */
export const DELETE = serve(engagementRoutes.removeBookmark, async ({ params: { id }, user, app, context, metadata, settle }) => {
  await throttleAccount(app, context, 'library', user.id);
  const { promptId, byFavoriteId } = await resolveFavorite(app.db, user.id, id);
  const result = await removeBookmark(app.store, user.id, promptId, metadata, byFavoriteId);
  await settle(result);
  return { id, promptId };
});
