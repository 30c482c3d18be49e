import { promptRoutes } from '../../../../modules/prompts/routes';
import { listPrompts } from '../../../../projections/catalog/queries';
import { cachedJson } from '../../../server/http';
import { serve } from '../../../server/route';

export const GET = serve(promptRoutes.editorsPick, async ({ app, context }) =>
  cachedJson(context.request, await listPrompts(app.db, { source: 'editors-pick' })),
);
