import type { APIContext, MiddlewareHandler } from 'astro';
import { loadAccount, SESSION_COOKIE, Sessions, type SessionInfo } from '../../../modules/accounts';
import { getUser } from '../../../projections/accounts/queries';
import { isAdminEmail } from '../admin-guard';
import { getApp, type App } from '../app';
import { RateLimiter } from '../rate-limit';
import type { SessionUser } from '../session-user';
import { bearerToken, deviceSession } from '../device-auth';

/**
 * Resolves the session cookie into `locals.user`. The cookie holds a random token
 * (lucia, 200 bits); the database keeps only its SHA-256. HttpOnly, SameSite=Lax, Path=/,
 * Secure when the request or PUBLIC_URL is HTTPS; 30-day sliding expiry (renewed once less
 * than half remains).
 */
interface AccountsServices {
  sessions: Sessions;
  limiter: RateLimiter;
}
const services = new WeakMap<App, AccountsServices>();

/** The app's session store and rate limiter (one per app). */
export function accountsFor(app: App): AccountsServices {
  let s = services.get(app);
  if (!s) {
    s = { sessions: new Sessions(app.db), limiter: new RateLimiter(app.db, app.config.rateLimits) };
    services.set(app, s);
  }
  return s;
}

/** Tests swap in their own limiter (short windows) or session lifetime. */
export function overrideAccountsServices(app: App, override: Partial<AccountsServices>): void {
  services.set(app, { ...accountsFor(app), ...override });
}

/** The user as locals, pages and /api/auth/me see them: read model first, the stream if it lags. */
export async function loadSessionUser(app: App, userId: number): Promise<SessionUser | null> {
  const row = await getUser(app.db, userId);
  const source = row ?? (await loadAccount(app.store, userId).then((s) => s && { ...s, id: s.userId, avatarUrl: null }));
  if (!source) return null;
  return {
    id: source.id,
    name: source.name,
    email: source.email,
    username: source.username,
    avatarUrl: source.avatarUrl,
    isAdmin: isAdminEmail(source.email, app.config.adminEmail),
  };
}

type CookieContext = Pick<APIContext, 'cookies' | 'url'>;

function secure(context: CookieContext, app: App): boolean {
  return context.url.protocol === 'https:' || app.config.publicUrl.startsWith('https:');
}

export function setSessionCookie(context: CookieContext, app: App, session: SessionInfo): void {
  context.cookies.set(SESSION_COOKIE, session.token, {
    httpOnly: true,
    sameSite: 'lax',
    secure: secure(context, app),
    path: '/',
    expires: session.expiresAt,
  });
}

export function clearSessionCookie(context: CookieContext, app: App): void {
  context.cookies.set(SESSION_COOKIE, '', { httpOnly: true, sameSite: 'lax', secure: secure(context, app), path: '/', maxAge: 0 });
}

export function sessionToken(context: Pick<APIContext, 'cookies'>): string | undefined {
  return context.cookies.get(SESSION_COOKIE)?.value || undefined;
}

export const session: MiddlewareHandler = async (context, next) => {
  const bearer = bearerToken(context.request);
  if (bearer) return deviceSession(context, next, bearer, async (userId) => loadSessionUser(await getApp(), userId));
  const token = sessionToken(context);
  if (token) {
    const app = await getApp();
    const info = await accountsFor(app).sessions.validate(token);
    const user = info && (await loadSessionUser(app, info.userId));
    if (info && user) {
      context.locals.user = user;
      if (info.fresh) setSessionCookie(context, app, info);
    } else {
      clearSessionCookie(context, app);
    }
  }
  return next();
};
