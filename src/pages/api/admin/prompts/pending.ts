import { pendingQuery } from '../../../../../modules/prompts/contracts';
import { listPendingReviews } from '../../../../../projections/review/queries';
import { requireAdmin } from '../../../../server/guards';
import { endpoint, json, readParam } from '../../../../server/http';

/**
 * Admin: the review queue, oldest first. With `asOf` (an ISO time), the queue as it stood
 * then: the review read model replayed from the log into a scratch schema up to the log
 * position of that time, read, and dropped (the live tables are never touched).
 */
export const GET = endpoint(async (context) => {
  requireAdmin(context);
  const { asOf } = readParam(Object.fromEntries(context.url.searchParams), pendingQuery, 'asOf');
  const { app } = context.locals;
  if (!asOf) return json(await listPendingReviews(app.db));
  const until = await app.runner.checkpointAt(new Date(asOf));
  const replay = await app.runner.replayInto('review', { until });
  try {
    const queue = await replay.read(listPendingReviews);
    return json(queue, { headers: { 'x-log-position': String(until.position) } });
  } finally {
    await replay.drop();
  }
});
