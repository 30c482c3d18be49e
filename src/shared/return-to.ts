/**
 * Where sign-in sends the user back to: the page that asked them to sign in, carried as
 * `/auth?next=<path>`. Only a path on this site is accepted, so a crafted sign-in link
 * cannot forward a fresh session to another origin (`//evil`, `https://…`, `/\evil`,
 * which browsers read as `//evil`). Anything else falls back to the home page.
 */
const MAX_LENGTH = 1000;
const BASE = 'http://same.site';

export function safeReturnTo(raw: string | null | undefined): string | null {
  if (!raw || raw.length > MAX_LENGTH) return null;
  // One leading slash, then not a second slash or a backslash; no backslash, control or space anywhere.
  if (!raw.startsWith('/') || raw.startsWith('//') || /[\\\s]/.test(raw) || [...raw].some((c) => c.charCodeAt(0) < 0x20 || c.charCodeAt(0) === 0x7f))
    return null;
  let url: URL;
  try {
    url = new URL(raw, BASE);
  } catch {
    return null;
  }
  if (url.origin !== BASE) return null;
  // Back to the sign-in screen would loop.
  if (url.pathname === '/auth' || url.pathname.startsWith('/auth/')) return null;
  // Dot segments collapse: `/..//evil` normalises to `//evil`, another origin to a browser.
  if (url.pathname.startsWith('//')) return null;
  return `${url.pathname}${url.search}${url.hash}`;
}

/** The sign-in screen that returns to `path` (a page's own path and query) afterwards. */
export function signInHref(path: string | null | undefined, tab?: 'register'): string {
  const params = new URLSearchParams();
  if (tab) params.set('tab', tab);
  const next = safeReturnTo(path);
  if (next && next !== '/') params.set('next', next);
  const query = params.toString();
  return query ? `/auth?${query}` : '/auth';
}

/**
 * The id of the detail page's rating card: a visitor who rates is sent to sign in with it as
 * the return path's fragment, so they come back with the card in view.
 */
export const RATING_CARD_ID = 'rating';
