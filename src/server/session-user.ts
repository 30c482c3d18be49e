/** The signed-in user as pages, endpoints and GET /api/auth/me see them (never secrets). */
export interface SessionUser {
  id: number;
  name: string;
  email: string;
  username: string | null;
  avatarUrl: string | null;
  isAdmin: boolean;
}
