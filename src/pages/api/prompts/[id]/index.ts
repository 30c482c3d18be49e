import { promptIdParam } from '../../../../../modules/prompts/contracts';
import { getPublicPrompt } from '../../../../../projections/catalog/queries';
import { getApp } from '../../../../server/app';
import { cachedJson, endpoint, readParam, notFound } from '../../../../server/http';

export const GET = endpoint(async ({ params, request }) => {
  const id = readParam(params.id, promptIdParam, 'prompt id');
  const { db } = await getApp();
  const prompt = await getPublicPrompt(db, id);
  if (!prompt) notFound('Prompt not found');
  return cachedJson(request, prompt);
});
