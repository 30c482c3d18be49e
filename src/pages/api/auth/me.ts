import type { MeResponse } from '../../../../modules/accounts/contracts';
import { endpoint, json } from '../../../server/http';

/** The signed-in user ({ user }) or { user: null }; never secrets. Resolved by the session middleware. */
export const GET = endpoint(async ({ locals }) => {
  const body: MeResponse = { user: locals.user };
  return json(body, { headers: { vary: 'Cookie' } });
});
