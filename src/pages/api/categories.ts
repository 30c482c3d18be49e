import { categories } from '../../../modules/prompts/contracts';
import { cachedJson, endpoint } from '../../server/http';

export const GET = endpoint(({ request }) => cachedJson(request, categories, 3600));
