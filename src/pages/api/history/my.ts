import { listHistory } from '../../../../projections/engagement/queries';
import { requireUser } from '../../../server/guards';
import { endpoint, json } from '../../../server/http';
import { withPrompts } from '../../../server/library';

/** The signed-in user's usage history, newest first (the last 200), each with its prompt. */
export const GET = endpoint(async (context) => {
  const user = requireUser(context);
  const { app } = context.locals;
  return json(await withPrompts(app, await listHistory(app.db, user.id)));
});
