import { templateVariables } from '../../../../../modules/prompts/contracts';
import { engagementRoutes } from '../../../../../modules/engagement/routes';
import { getPublicPrompt } from '../../../../../projections/catalog/queries';
import { recentValues } from '../../../../../projections/recent-values/queries';
import { notFound } from '../../../../server/http';
import { serve } from '../../../../server/route';

/** Private and per user: never cached (the route wrapper answers JSON with no shared caching). */
export const GET = serve(engagementRoutes.recentValues, async ({ params: { id }, user, app }) => {
  const prompt = await getPublicPrompt(app.db, id);
  if (!prompt) notFound('Prompt not found');
  return recentValues(
    app.db,
    user.id,
    id,
    templateVariables(prompt.content).map((v) => v.name),
  );
});
