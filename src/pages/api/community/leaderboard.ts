import { memberRoutes } from '../../../../modules/members/routes';
import { communityReader } from '../../../server/community';
import { serve } from '../../../server/route';

export const GET = serve(memberRoutes.leaderboard, async ({ app, query: { period, ...page } }) => communityReader(app).leaderboard(period, page));
