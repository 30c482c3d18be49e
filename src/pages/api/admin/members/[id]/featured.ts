import { featureMember, MEMBER_REFUSALS } from '../../../../../../modules/members';
import { memberRoutes } from '../../../../../../modules/members/routes';
import { getMember } from '../../../../../../projections/community/queries';
import { notFound } from '../../../../../server/http';
import { serve } from '../../../../../server/route';

export const PUT = serve(memberRoutes.featureMember, async ({ app, params: { id }, body: { featured }, actor, metadata, settle }) => {
  const appended = await featureMember(app.store, id, featured, actor, metadata);
  await settle(appended);
  return (await getMember(app.db, id, true)) ?? notFound(MEMBER_REFUSALS.notFound);
});
