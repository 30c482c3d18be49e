/** The signed-in user as pages, endpoints and GET /api/auth/me see them (never secrets). */
export type { CurrentUser as SessionUser } from '../../../modules/accounts/contracts';
