import { rate } from '../../../modules/engagement';
import { ratingRequest } from '../../../modules/engagement/contracts';
import { getRatingTally } from '../../../projections/engagement/queries';
import { requireUser } from '../../server/guards';
import { endpoint, json, metadataFor, readBody } from '../../server/http';

/**
 * Rates a public prompt 1 (Not Helpful) or 5 (Helpful); a later rating replaces the earlier.
 * The payload's `userId` is ignored: the rater is always the session's user.
 */
export const POST = endpoint(async (context) => {
  const user = requireUser(context);
  const { promptId, value } = await readBody(context.request, ratingRequest);
  const { app } = context.locals;
  const result = await rate(app.store, user.id, promptId, value, metadataFor(context));
  // The tally comes from the ratings written in the rating's own transaction; the catalog
  // catches up behind (the rater's next page waits for it).
  await app.settle(result, { deferCatalog: true });
  const tally = await getRatingTally(app.db, promptId);
  return json({ userId: user.id, promptId, value: result.value, ...tally });
});
