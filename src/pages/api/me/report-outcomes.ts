import { discussionRoutes } from '../../../../modules/discussion/routes';
import { reportOutcomes } from '../../../server/discussion';
import { serve } from '../../../server/route';

export const GET = serve(discussionRoutes.myReportOutcomes, ({ query, user, app }) => reportOutcomes(app.db, user.id, query));
