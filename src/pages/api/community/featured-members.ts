import { memberRoutes } from '../../../../modules/members/routes';
import { communityReader } from '../../../server/community';
import { serve } from '../../../server/route';

export const GET = serve(memberRoutes.featuredMembers, async ({ app }) => communityReader(app).featured());
