import { Lucia, TimeSpan, type Adapter, type DatabaseSession } from 'lucia';
import type { Sql } from '../../events';
import { hashToken } from './tokens';

declare module 'lucia' {
  interface Register {
    UserId: number;
    DatabaseUserAttributes: Record<string, unknown>;
  }
}

/**
 * Another table's row read in the session's own statement, keyed by the session's user (`s`):
 * the composition root joins the user's profile, so a signed-in request costs one round trip
 * for both. `columns` are selected beside the session's, `join` joins their table.
 */
export interface SessionJoin {
  columns: string;
  join: string;
}

/** Session lifetime; lucia extends it (sliding) once less than half remains. */
export const SESSION_DAYS = 30;
export const SESSION_COOKIE = 'promptory_session';

/**
 * lucia 3 over our Sql port. Lucia hands the adapter the cookie's token as the "session id";
 * the adapter stores and looks up only its SHA-256, so a leaked sessions table opens nothing.
 * The user half is only the id: profiles come from the read model, and a session whose
 * user row is momentarily missing (projection lag) must not be deleted by lucia.
 */
export function sqlSessionAdapter(db: Sql, joined?: SessionJoin): Adapter {
  interface Row {
    user_id: number;
    expires_at: Date | string;
  }
  const toSession = (id: string, row: Row): DatabaseSession => ({
    id,
    userId: row.user_id,
    expiresAt: new Date(row.expires_at),
    attributes: {},
  });
  return {
    async getSessionAndUser(token) {
      const [row] = await db.query<Row>(
        `select s.user_id, s.expires_at${joined ? `, ${joined.columns}` : ''} from auth_sessions s ${joined?.join ?? ''} where s.id_hash = $1`,
        [hashToken(token)],
      );
      if (!row) return [null, null];
      const { user_id: _user, expires_at: _expires, ...attributes } = row as Row & Record<string, unknown>;
      return [toSession(token, row), { id: row.user_id, attributes }];
    },
    async getUserSessions(userId) {
      const rows = await db.query<Row & { id_hash: string }>('select id_hash, user_id, expires_at from auth_sessions where user_id = $1', [userId]);
      return rows.map((r) => toSession(r.id_hash, r));
    },
    async setSession(session) {
      await db.query('insert into auth_sessions (id_hash, user_id, expires_at) values ($1, $2, $3)', [
        hashToken(session.id),
        session.userId,
        session.expiresAt,
      ]);
    },
    async updateSessionExpiration(token, expiresAt) {
      await db.query('update auth_sessions set expires_at = $2 where id_hash = $1', [hashToken(token), expiresAt]);
    },
    async deleteSession(token) {
      await db.query('delete from auth_sessions where id_hash = $1', [hashToken(token)]);
    },
    async deleteUserSessions(userId) {
      await db.query('delete from auth_sessions where user_id = $1', [userId]);
    },
    async deleteExpiredSessions() {
      await db.query('delete from auth_sessions where expires_at <= now()');
    },
  };
}

export interface SessionInfo {
  token: string;
  userId: number;
  expiresAt: Date;
  /** The expiry moved (sliding): the cookie must be sent again. */
  fresh: boolean;
  /** The `SessionJoin`'s columns for this session's user (empty without a join, or when its row is missing). */
  joined: Record<string, unknown>;
}

/** The only place that knows lucia: swap the library here. */
export class Sessions {
  private readonly lucia: Lucia;

  constructor(db: Sql, options: { lifetime?: TimeSpan; joined?: SessionJoin } = {}) {
    this.lucia = new Lucia(sqlSessionAdapter(db, options.joined), {
      sessionExpiresIn: options.lifetime ?? new TimeSpan(SESSION_DAYS, 'd'),
      sessionCookie: { name: SESSION_COOKIE },
      getUserAttributes: (attributes) => ({ joined: attributes }),
    });
  }

  /** A brand-new session (a new random 200-bit token) for every sign-in. */
  async create(userId: number): Promise<SessionInfo> {
    const s = await this.lucia.createSession(userId, {});
    return { token: s.id, userId, expiresAt: s.expiresAt, fresh: true, joined: {} };
  }

  async validate(token: string): Promise<SessionInfo | null> {
    if (!token || token.length > 200) return null;
    const { session, user } = await this.lucia.validateSession(token);
    return session
      ? {
          token: session.id,
          userId: session.userId,
          expiresAt: session.expiresAt,
          fresh: session.fresh,
          joined: (user as { joined?: Record<string, unknown> }).joined ?? {},
        }
      : null;
  }

  invalidate(token: string): Promise<void> {
    return this.lucia.invalidateSession(token);
  }

  invalidateUser(userId: number): Promise<void> {
    return this.lucia.invalidateUserSessions(userId);
  }

  deleteExpired(): Promise<void> {
    return this.lucia.deleteExpiredSessions();
  }
}
