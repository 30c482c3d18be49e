import { recordUse } from '../../../../../modules/prompts';
import { promptIdParam } from '../../../../../modules/prompts/contracts';
import { getPublicPrompt } from '../../../../../projections/catalog/queries';
import { clientIp } from '../../../../server/rate-limit';
import { throttleUse } from '../../../../server/library';
import { actorFor, endpoint, json, metadataFor, readParam, notFound } from '../../../../server/http';

/**
 * Records a copy of a public prompt and answers with its usage count. A copy counts once per
 * visitor (or user) per prompt per day, and copies are throttled per client address
 * (README, "Usage counts").
 */
export const PUT = endpoint(async (context) => {
  const id = readParam(context.params.id, promptIdParam, 'prompt id');
  const { app } = context.locals;
  await throttleUse(app, context);
  const appended = await recordUse(app.store, id, actorFor(context), metadataFor(context), clientIp(context, app.config.trustProxy));
  await app.settle(appended);
  const prompt = await getPublicPrompt(app.db, id);
  if (!prompt) notFound('Prompt not found');
  return json({ id, usageCount: prompt.usageCount });
});
