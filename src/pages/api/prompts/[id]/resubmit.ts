import { resubmitPrompt } from '../../../../../modules/prompts';
import { promptRoutes } from '../../../../../modules/prompts/routes';
import { serve } from '../../../../server/route';
import { requeueFor } from '../../../../server/review/submit';

/** A rejected prompt, changed since, joins the queue again. */
export const POST = serve(promptRoutes.resubmit, async ({ params: { id }, user, app, actor, context, metadata, settle }) =>
  requeueFor(app, context, { user, actor, settle }, id, (pending) => resubmitPrompt(app.store, id, actor, metadata, pending)),
);
