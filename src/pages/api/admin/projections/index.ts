import { requireAdmin } from '../../../../server/guards';
import { endpoint, json } from '../../../../server/http';

/** Admin: each read model with its version and how far into the log it has got. */
export const GET = endpoint(async (context) => {
  requireAdmin(context);
  const { app } = context.locals;
  const [{ head }] = await app.db.query<{ head: number }>('select coalesce(max(position), 0)::int as head from events');
  const projections = await Promise.all(
    app.runner.projections.map(async (p) => ({ name: p.name, version: p.version, checkpoint: await app.runner.checkpoint(p.name) })),
  );
  return json({ head, projections });
});
