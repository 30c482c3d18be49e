import { promptRoutes } from '../../../../modules/prompts/routes';
import { errorJson, notFound } from '../../../server/http';
import { SERVER_REFUSALS } from '../../../server/refusals';
import { rebuildJobs } from '../../../server/read-models/rebuild-jobs';
import { replyWith, serve } from '../../../server/route';

export const GET = serve(promptRoutes.rebuildStatus, ({ app }) => ({ job: rebuildJobs(app.runner).latest() }));

/** Default: review, then catalog; the site keeps serving meanwhile. */
export const POST = serve(promptRoutes.rebuild, ({ body: { projections }, user, app }) => {
  for (const name of projections) if (!app.runner.byName.has(name)) notFound(SERVER_REFUSALS.unknownProjection({ name }));
  const job = rebuildJobs(app.runner).start([...new Set(projections)], user.id);
  if (!job) return errorJson(409, SERVER_REFUSALS.rebuildRunning);
  return replyWith({ job }, { status: 202 });
});
