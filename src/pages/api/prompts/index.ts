import { promptRoutes } from '../../../../modules/prompts/routes';
import { listPrompts } from '../../../../projections/catalog/queries';
import { cachedJson } from '../../../server/http';
import { replyWith, serve } from '../../../server/route';
import { submitFor } from '../../../server/review/submit';

export const GET = serve(promptRoutes.prompts, async ({ app, context }) => cachedJson(context.request, await listPrompts(app.db, { source: 'all' })));

/** Both the submit dialog and the create page post here; signed-in users only (docs/decisions/0012-visitors-do-not-submit.md). */
export const POST = serve(promptRoutes.submit, async (call) => replyWith(await submitFor(call.app, call.context, call, call.body), { status: 201 }));
