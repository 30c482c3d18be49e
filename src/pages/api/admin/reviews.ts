import type { ReviewEntryView } from '../../../../modules/prompts/contracts';
import { promptRoutes } from '../../../../modules/prompts/routes';
import { getUser } from '../../../../projections/accounts/queries';
import { listReviewHistory } from '../../../../projections/review/queries';
import { serve } from '../../../server/route';

/** Each entry names who acted. */
export const GET = serve(promptRoutes.reviewHistory, async ({ query, app }) => {
  const { items: entries, nextCursor } = await listReviewHistory(app.db, query);
  const names = new Map<number, string | null>();
  for (const id of new Set(entries.map((e) => e.actorId).filter((id): id is number => id !== null))) {
    names.set(id, (await getUser(app.db, id))?.name ?? null);
  }
  return { items: entries.map((e): ReviewEntryView => ({ ...e, actorName: e.actorId === null ? null : (names.get(e.actorId) ?? null) })), nextCursor };
});
