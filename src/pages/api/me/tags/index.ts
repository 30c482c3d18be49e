import { tagRoutes } from '../../../../../modules/tags/routes';
import { listTags } from '../../../../../projections/tags/queries';
import { serve } from '../../../../server/route';

export const GET = serve(tagRoutes.myTags, async ({ user, app }) => ({ items: await listTags(app.db, user.id) }));
