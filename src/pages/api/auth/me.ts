import { accountRoutes } from '../../../../modules/accounts/routes';
import { json } from '../../../server/http';
import { serve } from '../../../server/route';

/** Resolved by the session middleware. */
export const GET = serve(accountRoutes.me, ({ user }) => json({ user }, { headers: { vary: 'Cookie' } }));
