import { listSubmissions } from '../../../../projections/review/queries';
import { requireUser } from '../../../server/guards';
import { endpoint, json } from '../../../server/http';

/** The signed-in user's submissions, newest first, each with its status and timeline. */
export const GET = endpoint(async (context) => {
  const user = requireUser(context);
  const { db } = context.locals.app;
  return json(await listSubmissions(db, user.id));
});
