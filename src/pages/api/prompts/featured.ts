import { listPrompts } from '../../../../projections/catalog/queries';
import { cachedJson, endpoint } from '../../../server/http';

export const GET = endpoint(async ({ request, locals }) => {
  const { db } = locals.app;
  return cachedJson(request, await listPrompts(db, { source: 'featured' }));
});
