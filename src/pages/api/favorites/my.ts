import { listFavorites } from '../../../../projections/engagement/queries';
import { requireUser } from '../../../server/guards';
import { endpoint, json } from '../../../server/http';
import { withPrompts } from '../../../server/library';

/** The signed-in user's bookmarks, newest first, each with its prompt. */
export const GET = endpoint(async (context) => {
  const user = requireUser(context);
  const { app } = context.locals;
  return json(await withPrompts(app, await listFavorites(app.db, user.id)));
});
