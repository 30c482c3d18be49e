import { DomainError } from '../../../../../events';
import { promptIdParam } from '../../../../../modules/prompts/contracts';
import { getPublicPrompt } from '../../../../../projections/catalog/queries';
import { getApp } from '../../../../server/app';
import { cachedJson, endpoint, readParam } from '../../../../server/http';

export const GET = endpoint(async ({ params, request }) => {
  const id = readParam(params.id, promptIdParam, 'prompt id');
  const { db } = await getApp();
  const prompt = await getPublicPrompt(db, id);
  if (!prompt) throw new DomainError('not_found', 'Prompt not found');
  return cachedJson(request, prompt);
});
