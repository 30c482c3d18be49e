import { PROMPT_REFUSALS } from '../../../../../modules/prompts/contracts';
import { recordUse } from '../../../../../modules/prompts';
import { promptRoutes } from '../../../../../modules/prompts/routes';
import { getPublicPrompt } from '../../../../../projections/catalog/queries';
import { notFound } from '../../../../server/http';
import { throttleUse } from '../../../../server/library';
import { clientIp } from '../../../../server/rate-limit';
import { serve } from '../../../../server/route';

/** Copies are throttled per client address (README, "Usage counts"). */
export const PUT = serve(promptRoutes.use, async ({ params: { id }, app, actor, metadata, context, settle }) => {
  await throttleUse(app, context);
  const appended = await recordUse(app.store, id, actor, metadata, clientIp(context, app.config.trustProxy));
  await settle(appended);
  const prompt = await getPublicPrompt(app.db, id);
  if (!prompt) notFound(PROMPT_REFUSALS.notFound);
  return { id, usageCount: prompt.usageCount };
});
