import { sharePrompt } from '../../../../../modules/prompts';
import { promptRoutes } from '../../../../../modules/prompts/routes';
import { getPromptFor } from '../../../../../projections/catalog/queries';
import { serve } from '../../../../server/route';
import { requeueFor, similarIds } from '../../../../server/review/submit';

/**
 * A private prompt joins the review queue: held to the same limits as a new submission,
 * with its near-duplicates found for the admin as a submission's are (imported prompts come this way).
 */
export const POST = serve(promptRoutes.share, async ({ params: { id }, user, app, actor, context, metadata, settle }) => {
  const own = await getPromptFor(app.db, id, actor);
  const similarTo = own ? await similarIds(app, own, id) : [];
  return requeueFor(app, context, { user, actor, settle }, id, (pending) => sharePrompt(app.store, id, actor, metadata, pending, similarTo));
});
