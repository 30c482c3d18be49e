import { bookmark } from '../../../../modules/engagement';
import { favoriteRequest } from '../../../../modules/engagement/contracts';
import { requireUser } from '../../../server/guards';
import { endpoint, json, metadataFor, readBody } from '../../../server/http';

/**
 * Bookmarks a public prompt: 201 with the favorite's id, or 200 with the same id when it
 * was already bookmarked (a double click is not an error).
 */
export const POST = endpoint(async (context) => {
  const user = requireUser(context);
  const { promptId } = await readBody(context.request, favoriteRequest);
  const { app } = context.locals;
  const result = await bookmark(app.store, user.id, promptId, metadataFor(context));
  await app.settle(result);
  return json({ id: result.favoriteId, userId: user.id, promptId }, { status: result.created ? 201 : 200 });
});
