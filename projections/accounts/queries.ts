import type { Sql } from '../../events';

export interface UserRow {
  id: number;
  email: string;
  name: string;
  username: string | null;
  avatarUrl: string | null;
  hasPassword: boolean;
  isEmailVerified: boolean;
  lastLoginAt: string | null;
  createdAt: string;
}

interface Row {
  id: number;
  email: string;
  name: string;
  username: string | null;
  avatar_url: string | null;
  has_password: boolean;
  is_email_verified: boolean;
  last_login_at: Date | string | null;
  created_at: Date | string;
}

const iso = (v: Date | string | null) => (v === null ? null : new Date(v).toISOString());

export async function getUser(sql: Sql, id: number): Promise<UserRow | null> {
  const [r] = await sql.query<Row>('select * from users where id = $1', [id]);
  if (!r) return null;
  return {
    id: r.id,
    email: r.email,
    name: r.name,
    username: r.username,
    avatarUrl: r.avatar_url,
    hasPassword: r.has_password,
    isEmailVerified: r.is_email_verified,
    lastLoginAt: iso(r.last_login_at),
    createdAt: iso(r.created_at)!,
  };
}

/**
 * The user's profile read in the session's own statement (`Sessions`' `joined`, set by the
 * composition root): one round trip for the session and its user on every signed-in request.
 */
export const SESSION_PROFILE_JOIN = {
  columns: 'u.email as profile_email, u.name as profile_name, u.username as profile_username, u.avatar_url as profile_avatar_url',
  join: 'left join users u on u.id = s.user_id',
};

/** The profile `SESSION_PROFILE_JOIN` read, or null when the user's row is not there (yet). */
export function sessionProfile(joined: Record<string, unknown>): Pick<UserRow, 'email' | 'name' | 'username' | 'avatarUrl'> | null {
  if (typeof joined.profile_email !== 'string') return null;
  return {
    email: joined.profile_email,
    name: joined.profile_name as string,
    username: joined.profile_username as string | null,
    avatarUrl: joined.profile_avatar_url as string | null,
  };
}

export async function countUsers(sql: Sql): Promise<number> {
  const [r] = await sql.query<{ n: number }>('select count(*)::int as n from users');
  return r.n;
}

/** Display names by user id (comments, reports); a user without a row (deleted) is left out. */
export async function userNames(sql: Sql, ids: readonly number[]): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const rows = await sql.query<{ id: number; name: string }>('select id, name from users where id = any($1::int[])', [[...new Set(ids)]]);
  return new Map(rows.map((r) => [r.id, r.name]));
}
