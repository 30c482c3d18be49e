import { MEMBER_REFUSALS } from '../../../../modules/members/contracts';
import { memberRoutes } from '../../../../modules/members/routes';
import { communityReader } from '../../../server/community';
import { notFound } from '../../../server/http';
import { serve } from '../../../server/route';

export const GET = serve(memberRoutes.member, async ({ app, params: { id } }) => (await communityReader(app).member(id)) ?? notFound(MEMBER_REFUSALS.notFound));
