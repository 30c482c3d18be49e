import { engagementRoutes } from '../../../../modules/engagement/routes';
import { listHistory } from '../../../../projections/engagement/queries';
import { withPrompts } from '../../../server/library';
import { serve } from '../../../server/route';

export const GET = serve(engagementRoutes.myHistory, async ({ user, app }) => withPrompts(app, await listHistory(app.db, user.id)));
