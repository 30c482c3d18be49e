import type { APIContext, AstroGlobal } from 'astro';
import { DomainError, type EventMetadata } from '../../events';
import { AUTH_MESSAGES, ensureAccount } from '../../modules/accounts';
import type { App } from './app';
import { accountLink, sendAccountMail } from './mail';
import type { SessionUser } from './session-user';

/**
 * Admin identity, enforced here and only here: the admin is the account whose email equals
 * ADMIN_EMAIL (config.adminEmail, compared lower-cased; the session middleware sets
 * `user.isAdmin` with `isAdminEmail`). Every admin endpoint calls
 * `requireAdmin(context)`; every admin page calls `adminPage(Astro)`. The client only hides.
 */
/** Whether `email` is the configured admin's (`adminEmail`: config.adminEmail, lower-cased). */
export function isAdminEmail(email: string, adminEmail: string | undefined): boolean {
  return Boolean(adminEmail) && email.trim().toLowerCase() === adminEmail;
}

type WithUser = Pick<APIContext, 'locals'>;

/** The signed-in user, or 401. */
export function requireUser(context: WithUser): SessionUser {
  const user = context.locals.user;
  if (!user) throw new DomainError('unauthenticated', AUTH_MESSAGES.signInRequired);
  return user;
}

/** The signed-in admin, or 401 (visitor) / 403 (anyone else). Use in every /api/admin/* endpoint. */
export function requireAdmin(context: WithUser): SessionUser {
  const user = requireUser(context);
  if (!user.isAdmin) throw new DomainError('forbidden', AUTH_MESSAGES.adminRequired);
  return user;
}

export type PageAccess = { ok: true; user: SessionUser } | { ok: false; response: Response } | { ok: false; denied: true };

/**
 * For admin pages: a visitor is redirected to /auth; a signed-in non-admin gets `denied`
 * (render "Access Denied" with status 403); the admin gets the user.
 */
export function adminPage(astro: Pick<AstroGlobal, 'locals' | 'redirect' | 'response'>): PageAccess {
  const user = astro.locals.user;
  if (!user) return { ok: false, response: astro.redirect('/auth', 302) };
  if (!user.isAdmin) {
    astro.response.status = 403;
    return { ok: false, denied: true };
  }
  return { ok: true, user };
}

/** For pages that need any signed-in user: the user, or a redirect to /auth. */
export function userPage(astro: Pick<AstroGlobal, 'locals' | 'redirect'>): { ok: true; user: SessionUser } | { ok: false; response: Response } {
  const user = astro.locals.user;
  return user ? { ok: true, user } : { ok: false, response: astro.redirect('/auth', 302) };
}

/**
 * First start: if ADMIN_EMAIL is set and has no account, create it (UserRegistered) and print
 * its set-password link (also emailed / written to the outbox). Called by createApp.
 */
export async function ensureAdminAccount(app: App, log: (m: string) => void): Promise<void> {
  const email = app.config.adminEmail;
  if (!email) return;
  const metadata: EventMetadata = { actor: null, requestId: 'startup', at: new Date().toISOString() };
  const created = await ensureAccount(app.store, email, 'Admin', metadata);
  if (!created) return;
  const link = accountLink(app.config.publicUrl, email, created.link.token);
  log(`created the admin account ${email}; set its password (link valid 24 h): ${link}`);
  await sendAccountMail(app, 'register', 'en', { email, name: 'Admin' }, link).catch((error) =>
    log(`could not email the admin link: ${String(error)}`),
  );
}
