import { engagementRoutes } from '../../../../modules/engagement/routes';
import { listHistory } from '../../../../projections/engagement/queries';
import { withPrompts } from '../../../server/library';
import { serve } from '../../../server/route';

export const GET = serve(engagementRoutes.myHistory, async ({ query, user, app }) => {
  const page = await listHistory(app.db, user.id, query);
  return { items: await withPrompts(app, page.items), nextCursor: page.nextCursor };
});
