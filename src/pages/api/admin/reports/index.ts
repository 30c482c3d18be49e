import { discussionRoutes } from '../../../../../modules/discussion/routes';
import { openReports } from '../../../../server/discussion';
import { serve } from '../../../../server/route';

export const GET = serve(discussionRoutes.openReports, ({ query, app }) => openReports(app.db, query));
