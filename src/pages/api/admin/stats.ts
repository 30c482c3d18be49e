import type { StatsView } from '../../../../modules/prompts/contracts';
import { countUsers } from '../../../../projections/accounts/queries';
import { totalUsage } from '../../../../projections/catalog/queries';
import { countByStatus } from '../../../../projections/review/queries';
import { requireAdmin } from '../../../server/guards';
import { endpoint, json } from '../../../server/http';

/** Admin: the Statistics tab's totals, read from the read models. */
export const GET = endpoint(async (context) => {
  requireAdmin(context);
  const { db } = context.locals.app;
  const [prompts, totalUsers, usage] = await Promise.all([countByStatus(db), countUsers(db), totalUsage(db)]);
  const stats: StatsView = { totalPrompts: prompts.approved, totalUsers, totalUsage: usage, prompts };
  return json(stats);
});
