import { rebuildRequest } from '../../../../modules/prompts/contracts';
import { requireAdmin } from '../../../server/guards';
import { endpoint, errorJson, json, notFound, readBody } from '../../../server/http';
import { rebuildJobs } from '../../../server/rebuild-jobs';

/** Admin: the latest rebuild's progress (null before the first), for the page to poll. */
export const GET = endpoint(async (context) => {
  requireAdmin(context);
  const { app } = context.locals;
  return json({ job: rebuildJobs(app.runner).latest() });
});

/**
 * Admin: starts rebuilding read models from the log (default: review, then catalog) while the
 * site keeps serving; answers 202 at once with the job. 409 while one is running.
 */
export const POST = endpoint(async (context) => {
  const admin = requireAdmin(context);
  const { projections } = await readBody(context.request, rebuildRequest);
  const { app } = context.locals;
  for (const name of projections) if (!app.runner.byName.has(name)) notFound(`Unknown projection ${name}`);
  const jobs = rebuildJobs(app.runner);
  const job = jobs.start([...new Set(projections)], admin.id);
  if (!job) return errorJson(409, 'A rebuild is already running', undefined);
  return json({ job }, { status: 202 });
});
