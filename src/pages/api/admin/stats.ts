import { promptRoutes } from '../../../../modules/prompts/routes';
import { countUsers } from '../../../../projections/accounts/queries';
import { totalUsage } from '../../../../projections/catalog/queries';
import { countByStatus } from '../../../../projections/review/queries';
import { serve } from '../../../server/route';

export const GET = serve(promptRoutes.stats, async ({ app: { db } }) => {
  const [prompts, totalUsers, usage] = await Promise.all([countByStatus(db), countUsers(db), totalUsage(db)]);
  return { totalPrompts: prompts.approved, totalUsers, totalUsage: usage, prompts };
});
