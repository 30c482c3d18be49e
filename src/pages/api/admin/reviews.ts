import { reviewHistoryQuery, type ReviewEntryView } from '../../../../modules/prompts/contracts';
import { getUser } from '../../../../projections/accounts/queries';
import { listReviewHistory } from '../../../../projections/review/queries';
import { requireAdmin } from '../../../server/guards';
import { endpoint, json } from '../../../server/http';

/**
 * Admin: every submission and decision (PromptSubmitted, PromptReviewed, PromptWithdrawn),
 * newest first; `?promptId=` gives that prompt's timeline (oldest first), `?decision=`
 * one kind of step. Each names who acted.
 */
export const GET = endpoint(async (context) => {
  requireAdmin(context);
  const filter = reviewHistoryQuery.parse(Object.fromEntries(context.url.searchParams));
  const { db } = context.locals.app;
  const entries = await listReviewHistory(db, filter);
  const names = new Map<number, string | null>();
  for (const id of new Set(entries.map((e) => e.actorId).filter((id): id is number => id !== null))) {
    names.set(id, (await getUser(db, id))?.name ?? null);
  }
  const body: ReviewEntryView[] = entries.map((e) => ({ ...e, actorName: e.actorId === null ? null : (names.get(e.actorId) ?? null) }));
  return json(body);
});
