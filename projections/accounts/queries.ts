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

export async function countUsers(sql: Sql): Promise<number> {
  const [r] = await sql.query<{ n: number }>('select count(*)::int as n from users');
  return r.n;
}
