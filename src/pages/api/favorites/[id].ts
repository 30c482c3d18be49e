import { removeBookmark, resolveFavorite } from '../../../../modules/engagement';
import { idParam } from '../../../../modules/engagement/contracts';
import { requireUser } from '../../../server/guards';
import { endpoint, json, metadataFor, readParam } from '../../../server/http';

/**
 * Removes one of the user's bookmarks by favorite id or, as the spec allows, by prompt id.
 * Removing the same favorite id twice answers 200 both times; an id that is neither the
 * user's favorite nor a prompt they bookmarked is 404.
 */
export const DELETE = endpoint(async (context) => {
  const user = requireUser(context);
  const id = readParam(context.params.id, idParam, 'favorite id');
  const { app } = context.locals;
  const { promptId, byFavoriteId } = await resolveFavorite(app.db, user.id, id);
  const result = await removeBookmark(app.store, user.id, promptId, metadataFor(context), byFavoriteId);
  await app.settle(result);
  return json({ id, promptId });
});
