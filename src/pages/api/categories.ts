import { categories } from '../../../modules/prompts/contracts';
import { promptRoutes } from '../../../modules/prompts/routes';
import { cachedJson } from '../../server/http';
import { serve } from '../../server/route';

export const GET = serve(promptRoutes.categories, ({ context }) => cachedJson(context.request, categories, 3600));
