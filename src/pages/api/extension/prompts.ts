import { deviceRoutes } from '../../../../modules/devices/routes';
import { listPrompts } from '../../../../projections/catalog/queries';
import { cachedJson } from '../../../server/http';
import { serve } from '../../../server/route';

export const GET = serve(deviceRoutes.extensionPrompts, async ({ query, app, context }) => {
  const prompts = await listPrompts(app.db, { source: 'all', q: query.q, categoryId: query.categoryId || undefined, limit: query.limit, sort: 'relevance' });
  return cachedJson(context.request, prompts);
});
