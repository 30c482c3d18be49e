import { recordHistory } from '../../../../modules/engagement';
import { engagementRoutes } from '../../../../modules/engagement/routes';
import { throttleAccount, throttleUse } from '../../../server/library';
import { replyWith, serve } from '../../../server/route';

/** Called after PUT /api/prompts/{id}/use; throttled per client address like uses, and per account like every library write. */
export const POST = serve(engagementRoutes.recordHistory, async ({ body: { promptId, modifiedContent }, user, app, context, metadata, settle }) => {
  await throttleUse(app, context);
  await throttleAccount(app, context, 'library', user.id);
  const result = await recordHistory(app.store, user.id, promptId, metadata, modifiedContent);
  await settle(result);
  return replyWith(
    { id: result.entryId, userId: user.id, promptId, usedAt: new Date(result.usedAt).toISOString(), modifiedContent: modifiedContent ?? null },
    { status: 201 },
  );
});
