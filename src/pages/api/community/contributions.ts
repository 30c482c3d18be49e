import { memberRoutes } from '../../../../modules/members/routes';
import { communityReader } from '../../../server/community';
import { serve } from '../../../server/route';

export const GET = serve(memberRoutes.contributions, async ({ app, query }) => communityReader(app).contributions(query));
