import { restoreVersion } from '../../../../../../../modules/prompts';
import { promptRoutes } from '../../../../../../../modules/prompts/routes';
import { throttleAccount } from '../../../../../../server/library';
import { serve } from '../../../../../../server/route';

/** A new version equal to an earlier one: an edit like any other (a pending revision of a published prompt). */
export const POST = serve(promptRoutes.restore, async ({ params: { id, version }, body: { note }, user, app, actor, context, metadata, settle }) => {
  if (!actor.isAdmin) await throttleAccount(app, context, 'library', user.id);
  const appended = await restoreVersion(app.store, id, version, note, actor, metadata);
  await settle(appended);
  return appended.result;
});
