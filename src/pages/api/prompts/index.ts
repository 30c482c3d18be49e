import { listPrompts } from '../../../../projections/catalog/queries';
import { getApp } from '../../../server/app';
import { cachedJson, endpoint } from '../../../server/http';

/** All public prompts, most popular first. */
export const GET = endpoint(async ({ request }) => {
  const { db } = await getApp();
  return cachedJson(request, await listPrompts(db, { source: 'all' }));
});
