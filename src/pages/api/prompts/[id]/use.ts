import { recordUse } from '../../../../../modules/prompts';
import { promptIdParam } from '../../../../../modules/prompts/contracts';
import { getPublicPrompt } from '../../../../../projections/catalog/queries';
import { getApp } from '../../../../server/app';
import { clientIp } from '../../../../server/rate-limit';
import { actorFor, endpoint, json, metadataFor, readParam, notFound } from '../../../../server/http';

/** Records one use of a public prompt and answers with its new usage count. */
export const PUT = endpoint(async (context) => {
  const id = readParam(context.params.id, promptIdParam, 'prompt id');
  const app = await getApp();
  const appended = await recordUse(app.store, id, actorFor(context), metadataFor(context), clientIp(context));
  await app.settle(appended);
  const prompt = await getPublicPrompt(app.db, id);
  if (!prompt) notFound('Prompt not found');
  return json({ id, usageCount: prompt.usageCount });
});
