import { engagementRoutes } from '../../../../modules/engagement/routes';
import { listFavorites } from '../../../../projections/engagement/queries';
import { withPrompts } from '../../../server/library';
import { serve } from '../../../server/route';

export const GET = serve(engagementRoutes.myBookmarks, async ({ user, app }) => withPrompts(app, await listFavorites(app.db, user.id)));
