import { reviewRevision } from '../../../../../../../../modules/prompts';
import { promptRoutes } from '../../../../../../../../modules/prompts/routes';
import { serve } from '../../../../../../../server/route';

/** A double click never makes two events: the second decision finds the revision no longer pending (409). */
export const PUT = serve(promptRoutes.reviewRevision, async ({ params: { id, version }, body: { isApproved, reason, note }, app, actor, metadata, settle }) => {
  const appended = await reviewRevision(app.store, id, version, isApproved, actor, metadata, { reason: reason ?? null, note });
  await settle(appended);
  return appended.result;
});
