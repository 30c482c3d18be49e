import { discussionRoutes } from '../../../../../modules/discussion/routes';
import { decideReport } from '../../../../server/discussion';
import { serve } from '../../../../server/route';

export const PUT = serve(discussionRoutes.resolveReport, async ({ params: { id }, body, app, actor, metadata, settle }) => ({
  id,
  outcome: await decideReport(app, id, body.action, body.reason, actor, metadata, settle),
}));
