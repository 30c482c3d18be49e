import { PROMPT_REFUSALS } from '../../../../../modules/prompts/contracts';
import { engagementRoutes } from '../../../../../modules/engagement/routes';
import { getPublicPrompt } from '../../../../../projections/catalog/queries';
import { getRating } from '../../../../../projections/engagement/queries';
import { notFound } from '../../../../server/http';
import { serve } from '../../../../server/route';

export const GET = serve(engagementRoutes.myRating, async ({ params: { id }, user, app }) => {
  if (!(await getPublicPrompt(app.db, id))) notFound(PROMPT_REFUSALS.notFound);
  return { value: await getRating(app.db, user.id, id) };
});
