import { DomainError } from '../../../../../events';
import { resolveReport } from '../../../../../modules/discussion';
import { DISCUSSION_MESSAGES } from '../../../../../modules/discussion/contracts';
import { discussionRoutes } from '../../../../../modules/discussion/routes';
import { reReviewPrompt } from '../../../../../modules/prompts';
import { getReport } from '../../../../../projections/discussion/queries';
import { refreshPages } from '../../../../server/discussion';
import { notFound } from '../../../../server/http';
import { serve } from '../../../../server/route';

/**
 * Withdrawing is the prompts module's decision (a published prompt withdrawn by the admin),
 * taken first; a prompt already withdrawn still lets the report be closed as withdrawn.
 */
export const PUT = serve(discussionRoutes.resolveReport, async ({ params: { id }, body, app, actor, metadata, settle }) => {
  const report = await getReport(app.db, id);
  if (!report || report.reporterId === null) notFound(DISCUSSION_MESSAGES.reportNotFound);
  if (report.outcome) throw new DomainError('conflict', DISCUSSION_MESSAGES.reportResolved);
  if (body.action === 'withdraw' && report.commentId !== null) throw new DomainError('invalid', DISCUSSION_MESSAGES.wrongTarget);
  if (body.action === 'withdraw') {
    try {
      await settle(await reReviewPrompt(app.store, report.promptId, false, actor, metadata));
    } catch (error) {
      if (!(error instanceof DomainError && error.kind === 'conflict')) throw error;
    }
  }
  const target = { reporterId: report.reporterId, promptId: report.promptId, commentId: report.commentId };
  const resolved = await resolveReport(app.store, id, target, body.action, body.reason, actor, metadata);
  await settle(resolved);
  await refreshPages(app, resolved);
  return { id, outcome: resolved.outcome };
});
