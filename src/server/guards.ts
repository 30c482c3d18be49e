import type { APIContext } from 'astro';
import { DomainError } from '../../events';
import { ACCOUNT_REFUSALS } from '../../modules/accounts';
import type { SessionUser } from './accounts/session-user';

/**
 * The endpoints' guards. The admin is the account whose email equals ADMIN_EMAIL (the session
 * code sets `user.isAdmin` with `isAdminEmail`, src/server/accounts/sessions.ts); every admin endpoint
 * calls `requireAdmin(context)` and every admin page `adminPage(Astro)`
 * (src/server/page-guards.ts). The client only hides.
 */

type WithUser = Pick<APIContext, 'locals'>;

/** The signed-in user, or 401. */
export function requireUser(context: WithUser): SessionUser {
  const user = context.locals.user;
  if (!user) throw new DomainError(ACCOUNT_REFUSALS.signInRequired);
  return user;
}

/** The signed-in admin, or 401 (visitor) / 403 (anyone else). Use in every /api/admin/* endpoint. */
export function requireAdmin(context: WithUser): SessionUser {
  const user = requireUser(context);
  if (!user.isAdmin) throw new DomainError(ACCOUNT_REFUSALS.adminRequired);
  return user;
}
