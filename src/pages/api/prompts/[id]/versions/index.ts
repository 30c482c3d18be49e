import { readVersions } from '../../../../../../modules/prompts';
import { PROMPT_REFUSALS } from '../../../../../../modules/prompts/contracts';
import { promptRoutes } from '../../../../../../modules/prompts/routes';
import { getVersionUses } from '../../../../../../projections/catalog/queries';
import { getVersionRatings } from '../../../../../../projections/engagement/queries';
import { json, notFound } from '../../../../../server/http';
import { serve } from '../../../../../server/route';

/**
 * Folded from the prompt's stream on each request (no versions table); personal, so never cached.
 * Each version's uses (catalog) and ratings (engagement) go to whoever may see the history: a
 * private prompt's is its author's alone.
 */
export const GET = serve(promptRoutes.versions, async ({ params: { id }, query, app, actor }) => {
  const page = await readVersions(app.store, id, actor, query);
  if (!page) notFound(PROMPT_REFUSALS.notFound);
  const numbers = page.items.map((v) => v.version);
  const [uses, ratings] = await Promise.all([getVersionUses(app.db, id, numbers), getVersionRatings(app.db, id, numbers)]);
  const items = page.items.map((v) => ({
    ...v,
    uses: uses.get(v.version) ?? 0,
    ratingCount: ratings.get(v.version)?.count ?? 0,
    helpfulCount: ratings.get(v.version)?.helpful ?? 0,
  }));
  return json({ items, nextCursor: page.nextCursor }, { headers: { 'cache-control': 'private, no-store' } });
});
