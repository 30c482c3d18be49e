import { promptRoutes } from '../../../../modules/prompts/routes';
import { listPendingRevisions } from '../../../../projections/review/queries';
import { serve } from '../../../server/route';

export const GET = serve(promptRoutes.pendingRevisions, ({ query, app }) => listPendingRevisions(app.db, query));
