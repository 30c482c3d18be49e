import { readVersions } from '../../../../../../modules/prompts';
import { PROMPT_REFUSALS } from '../../../../../../modules/prompts/contracts';
import { promptRoutes } from '../../../../../../modules/prompts/routes';
import { json, notFound } from '../../../../../server/http';
import { serve } from '../../../../../server/route';

/** Folded from the prompt's stream on each request (no versions table); personal, so never cached. */
export const GET = serve(promptRoutes.versions, async ({ params: { id }, query, app, actor }) => {
  const page = await readVersions(app.store, id, actor, query);
  if (!page) notFound(PROMPT_REFUSALS.notFound);
  return json(page, { headers: { 'cache-control': 'private, no-store' } });
});
