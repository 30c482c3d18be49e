import { recordHistory } from '../../../../modules/engagement';
import { historyRequest } from '../../../../modules/engagement/contracts';
import { requireUser } from '../../../server/guards';
import { endpoint, json, metadataFor, readBody } from '../../../server/http';
import { throttleUse } from '../../../server/library';

/** Adds a use of a public prompt to the signed-in user's history (after PUT /api/prompts/{id}/use). */
export const POST = endpoint(async (context) => {
  const user = requireUser(context);
  const { promptId, modifiedContent } = await readBody(context.request, historyRequest);
  const { app } = context.locals;
  await throttleUse(app, context);
  const result = await recordHistory(app.store, user.id, promptId, metadataFor(context), modifiedContent);
  await app.settle(result);
  return json(
    { id: result.entryId, userId: user.id, promptId, usedAt: new Date(result.usedAt).toISOString(), modifiedContent: modifiedContent ?? null },
    { status: 201 },
  );
});
