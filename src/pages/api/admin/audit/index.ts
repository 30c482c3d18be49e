import { auditRoutes } from '../../../../../modules/audit/routes';
import { auditPage } from '../../../../server/review/audit';
import { serve } from '../../../../server/route';

export const GET = serve(auditRoutes.auditLog, async ({ query, app, user }) => auditPage(app.db, query, user.id));
