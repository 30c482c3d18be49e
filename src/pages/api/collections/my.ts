import { listCollections } from '../../../../projections/collections/queries';
import { requireUser } from '../../../server/guards';
import { endpoint, json } from '../../../server/http';

/** The signed-in user's collections with their prompt counts, newest first. */
export const GET = endpoint(async (context) => {
  const user = requireUser(context);
  const { app } = context.locals;
  return json(await listCollections(app.db, user.id));
});
