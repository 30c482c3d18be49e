import { promptRoutes } from '../../../../modules/prompts/routes';
import { listSubmissions } from '../../../../projections/review/queries';
import { serve } from '../../../server/route';

export const GET = serve(promptRoutes.mySubmissions, ({ query, user, app }) => listSubmissions(app.db, user.id, query));
