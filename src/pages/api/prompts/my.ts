import { promptRoutes } from '../../../../modules/prompts/routes';
import { mySubmissions } from '../../../server/library/my-prompts';
import { serve } from '../../../server/route';

export const GET = serve(promptRoutes.mySubmissions, ({ query, user, app }) => mySubmissions(app.db, user.id, query));
