import { PROMPT_REFUSALS } from '../../../../../modules/prompts/contracts';
import { templateVariables } from '../../../../../modules/prompts/contracts';
import { engagementRoutes } from '../../../../../modules/engagement/routes';
import { getPromptFor } from '../../../../../projections/catalog/queries';
import { recentValues } from '../../../../../projections/recent-values/queries';
import { notFound } from '../../../../server/http';
import { serve } from '../../../../server/route';

/** Private and per user: never cached (the route wrapper answers JSON with no shared caching). */
export const GET = serve(engagementRoutes.recentValues, async ({ params: { id }, user, actor, app }) => {
  // A public prompt, or the user's own in any state.
  const prompt = await getPromptFor(app.db, id, actor);
  if (!prompt) notFound(PROMPT_REFUSALS.notFound);
  return recentValues(
    app.db,
    user.id,
    id,
    templateVariables(prompt.content).map((v) => v.name),
  );
});
