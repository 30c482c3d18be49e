import { promptRoutes } from '../../../../../modules/prompts/routes';
import { PROMPT_REFUSALS } from '../../../../../modules/prompts/contracts';
import { getPromptAccess } from '../../../../../projections/catalog/queries';
import { notFound } from '../../../../server/http';
import { serve } from '../../../../server/route';

/** Whether the caller wrote it: what a pen name keeps off the shared page. A prompt they may not see is not found. */
export const GET = serve(promptRoutes.ownership, async ({ params: { id }, actor, app }) => {
  const access = await getPromptAccess(app.db, id, actor);
  if (!access) notFound(PROMPT_REFUSALS.notFound);
  return { isAuthor: access.isAuthor };
});
