import { promptRoutes } from '../../../../modules/prompts/routes';
import { listDeleted } from '../../../../projections/review/queries';
import { serve } from '../../../server/route';

export const GET = serve(promptRoutes.deletedPrompts, ({ query, user, app }) => listDeleted(app.db, user.id, query));
