import type { APIContext } from 'astro';
import { loadAccount, SESSION_COOKIE, type SessionInfo } from '../../../modules/accounts';
import { getUser, sessionProfile } from '../../../projections/accounts/queries';
import type { Db, EventStore } from '../../../events';
import type { Config } from '../config';
import type { SessionUser } from './session-user';

/**
 * What sessions need of the app: its database, its store and two settings. Named here, not
 * taken as `App`, so the composition root (app.ts, which builds on this file) has no type
 * arrow pointing back at it.
 */
export interface SessionApp {
  db: Db;
  store: EventStore;
  config: Pick<Config, 'adminEmail' | 'publicUrl'>;
}

/**
 * The session cookie and the user it stands for, shared by the session middleware and the
 * /api/auth/* endpoints. The cookie holds a random token (lucia, 200 bits); the database keeps
 * only its SHA-256 (`app.sessions`). HttpOnly, SameSite=Lax, Path=/, Secure when the request
 * or PUBLIC_URL is HTTPS; 30-day sliding expiry (renewed once less than half remains).
 */

/**
 * Whether `email` is the configured admin's (`adminEmail`: config.adminEmail, lower-cased).
 * The one place the admin is recognised; the guards (src/server/guards.ts) read the flag it sets.
 */
export function isAdminEmail(email: string, adminEmail: string | undefined): boolean {
  return Boolean(adminEmail) && email.trim().toLowerCase() === adminEmail;
}

/** The user as locals, pages and /api/auth/me see them: read model first, the stream if it lags. */
export async function loadSessionUser(app: SessionApp, userId: number): Promise<SessionUser | null> {
  const row = await getUser(app.db, userId);
  const source = row ?? (await loadAccount(app.store, userId).then((s) => s && { ...s, id: s.userId, avatarUrl: null }));
  return source && sessionUserOf(app, source.id, source);
}

/**
 * The user a validated session stands for: its profile came with the session in one statement
 * (`SESSION_PROFILE_JOIN`, app.ts); when the read model has no row yet, `loadSessionUser`.
 */
export async function userOfSession(app: SessionApp, session: SessionInfo): Promise<SessionUser | null> {
  const profile = sessionProfile(session.joined);
  return profile ? sessionUserOf(app, session.userId, profile) : loadSessionUser(app, session.userId);
}

function sessionUserOf(app: SessionApp, id: number, source: { email: string; name: string; username: string | null; avatarUrl: string | null }): SessionUser {
  return {
    id,
    name: source.name,
    email: source.email,
    username: source.username,
    avatarUrl: source.avatarUrl,
    isAdmin: isAdminEmail(source.email, app.config.adminEmail),
  };
}

type CookieContext = Pick<APIContext, 'cookies' | 'url'>;

/** Cookies we set are Secure when the request or PUBLIC_URL is HTTPS. */
export function secureCookies(context: CookieContext, app: SessionApp): boolean {
  return context.url.protocol === 'https:' || app.config.publicUrl.startsWith('https:');
}

export function setSessionCookie(context: CookieContext, app: SessionApp, session: SessionInfo): void {
  context.cookies.set(SESSION_COOKIE, session.token, {
    httpOnly: true,
    sameSite: 'lax',
    secure: secureCookies(context, app),
    path: '/',
    expires: session.expiresAt,
  });
}

export function clearSessionCookie(context: CookieContext, app: SessionApp): void {
  context.cookies.set(SESSION_COOKIE, '', { httpOnly: true, sameSite: 'lax', secure: secureCookies(context, app), path: '/', maxAge: 0 });
}

export function sessionToken(context: Pick<APIContext, 'cookies'>): string | undefined {
  return context.cookies.get(SESSION_COOKIE)?.value || undefined;
}
