import { MEMBER_REFUSALS } from '../../../../../modules/members/contracts';
import { memberRoutes } from '../../../../../modules/members/routes';
import { communityReader } from '../../../../server/community';
import { notFound } from '../../../../server/http';
import { serve } from '../../../../server/route';

export const GET = serve(
  memberRoutes.memberPrompts,
  async ({ app, params: { id }, query }) => (await communityReader(app).memberPrompts(id, query)) ?? notFound(MEMBER_REFUSALS.notFound),
);
