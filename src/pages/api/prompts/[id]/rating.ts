import { idParam } from '../../../../../modules/engagement/contracts';
import { getPublicPrompt } from '../../../../../projections/catalog/queries';
import { getRating } from '../../../../../projections/engagement/queries';
import { requireUser } from '../../../../server/guards';
import { endpoint, json, notFound, readParam } from '../../../../server/http';

/** The signed-in user's rating of a public prompt: `{ value }`, 1, 5 or null. */
export const GET = endpoint(async (context) => {
  const user = requireUser(context);
  const id = readParam(context.params.id, idParam, 'prompt id');
  const { app } = context.locals;
  if (!(await getPublicPrompt(app.db, id))) notFound('Prompt not found');
  return json({ value: await getRating(app.db, user.id, id) });
});
