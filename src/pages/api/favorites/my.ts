import { engagementRoutes } from '../../../../modules/engagement/routes';
import { pageFavorites } from '../../../../projections/engagement/queries';
import { withPrompts } from '../../../server/library';
import { serve } from '../../../server/route';

export const GET = serve(engagementRoutes.myBookmarks, async ({ query, user, app }) => {
  const page = await pageFavorites(app.db, user.id, query);
  return { items: await withPrompts(app, page.items), nextCursor: page.nextCursor };
});
