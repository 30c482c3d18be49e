import type { AstroGlobal } from 'astro';
import type { SessionUser } from './accounts/session-user';
import { signInHref } from '../shared/return-to';

/**
 * The pages' guards: a page answers a visitor with a redirect to /auth instead of an
 * endpoint's 401 (src/server/guards.ts), and a non-admin with an "Access Denied" page.
 */

export type PageAccess = { ok: true; user: SessionUser } | { ok: false; response: Response } | { ok: false; denied: true };

/**
 * For admin pages: a visitor is redirected to /auth; a signed-in non-admin gets `denied`
 * (render "Access Denied" with status 403); the admin gets the user.
 */
export function adminPage(astro: Pick<AstroGlobal, 'locals' | 'redirect' | 'response' | 'url'>): PageAccess {
  const user = astro.locals.user;
  if (!user) return { ok: false, response: astro.redirect(backAfterSignIn(astro), 302) };
  if (!user.isAdmin) {
    astro.response.status = 403;
    return { ok: false, denied: true };
  }
  return { ok: true, user };
}

/**
 * For pages that need any signed-in user: the user, or a redirect to /auth. What such a page
 * shows is the user's own, so it is never stored by a cache.
 */
export function userPage(
  astro: Pick<AstroGlobal, 'locals' | 'redirect' | 'response' | 'url'>,
): { ok: true; user: SessionUser } | { ok: false; response: Response } {
  const user = astro.locals.user;
  if (!user) return { ok: false, response: astro.redirect(backAfterSignIn(astro), 302) };
  astro.response.headers.set('cache-control', 'private, no-store');
  return { ok: true, user };
}

/** /auth with `next` set to the page asked for, so sign-in returns the user there. */
export function backAfterSignIn(astro: Pick<AstroGlobal, 'url'>): string {
  return signInHref(`${astro.url.pathname}${astro.url.search}`);
}
