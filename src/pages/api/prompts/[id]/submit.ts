import { sharePrompt } from '../../../../../modules/prompts';
import { promptRoutes } from '../../../../../modules/prompts/routes';
import { serve } from '../../../../server/route';
import { requeueFor } from '../../../../server/submit';

/** A private prompt joins the review queue: held to the same limits as a new submission (issue 18). */
export const POST = serve(promptRoutes.share, async ({ params: { id }, user, app, actor, context, metadata, settle }) =>
  requeueFor(app, context, { user, actor, settle }, id, (pending) => sharePrompt(app.store, id, actor, metadata, pending)),
);
