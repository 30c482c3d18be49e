import { promptRoutes } from '../../../../../modules/prompts/routes';
import { listPendingReviews } from '../../../../../projections/review/queries';
import { json } from '../../../../server/http';
import { serve } from '../../../../server/route';

/**
 * With `asOf`, the review read model is replayed from the log into a scratch schema up to the
 * log position of that time, read, and dropped: the live tables are never touched.
 */
export const GET = serve(promptRoutes.pending, async ({ query: { asOf, ...page }, app }) => {
  if (!asOf) return listPendingReviews(app.db, page);
  const until = await app.runner.checkpointAt(new Date(asOf));
  const replay = await app.runner.replayInto('review', { until });
  try {
    const queue = await replay.read((sql) => listPendingReviews(sql, page));
    return json(queue, { headers: { 'x-log-position': String(until.position) } });
  } finally {
    await replay.drop();
  }
});
