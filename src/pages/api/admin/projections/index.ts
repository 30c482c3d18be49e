import { promptRoutes } from '../../../../../modules/prompts/routes';
import { serve } from '../../../../server/route';

export const GET = serve(promptRoutes.projections, async ({ app }) => {
  const [{ head }] = await app.db.query<{ head: number }>('select coalesce(max(position), 0)::int as head from events');
  const projections = await Promise.all(
    app.runner.projections.map(async (p) => ({ name: p.name, version: p.version, checkpoint: await app.runner.checkpoint(p.name) })),
  );
  return { head, projections };
});
