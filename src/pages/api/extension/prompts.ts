import { extensionPromptsQuery } from '../../../../modules/devices/contracts';
import { listPrompts } from '../../../../projections/catalog/queries';
import { cachedJson, endpoint, readParam } from '../../../server/http';

/** The side panel's library: search text and category, most popular first, served by the catalog. */
export const GET = endpoint(async ({ request, url, locals }) => {
  const query = readParam(Object.fromEntries(url.searchParams), extensionPromptsQuery, 'query');
  const { db } = locals.app;
  const prompts = await listPrompts(db, { source: 'all', q: query.q, categoryId: query.categoryId || undefined, limit: query.limit });
  return cachedJson(request, prompts);
});
