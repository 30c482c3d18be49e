/**
 * The site-wide client script (every page): toasts, tooltips, theme toggle, language
 * menu, menus' outside-click/Escape closing and logout. Plain DOM code, a few KB:
 * anonymous pages ship no framework.
 */
import { LANGUAGE_COOKIE, LANGUAGE_STORAGE_KEY, THEME_STORAGE_KEY, normalizeLanguage } from '../i18n/languages';
import { call, HttpError } from './http';
import { messages } from './messages';
import { queueToastForNextPage, showToast } from './toast-store';
import { startToaster } from './toaster';
import { startTooltips } from './tooltip';
// The current user: asked at load, on focus and every 30 minutes (spec sections 4 and 7).
import './auth/session-sync';

startToaster();
startTooltips();

// Theme (spec section 4): toggling switches light/dark, stores it, sets the dark marker.
for (const button of document.querySelectorAll<HTMLButtonElement>('[data-theme-toggle]')) {
  button.addEventListener('click', () => {
    const root = document.documentElement;
    const next = root.classList.contains('dark') ? 'light' : 'dark';
    root.classList.toggle('dark', next === 'dark');
    root.style.colorScheme = next;
    try {
      localStorage.setItem(THEME_STORAGE_KEY, next);
    } catch {
      /* private mode: the choice lasts for this page only */
    }
  });
}

// Language menu: remember the choice (cookie for the server, localStorage as the spec's
// cache) and load the page again in that language, without a `lng` query parameter.
document.addEventListener('click', (event) => {
  const link = (event.target as Element).closest<HTMLAnchorElement>('a[data-lng]');
  if (!link || event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey) return;
  const lng = normalizeLanguage(link.dataset.lng);
  if (!lng) return;
  event.preventDefault();
  document.cookie = `${LANGUAGE_COOKIE}=${lng};path=/;max-age=31536000;samesite=lax`;
  try {
    localStorage.setItem(LANGUAGE_STORAGE_KEY, lng);
  } catch {
    /* ignore */
  }
  const url = new URL(location.href);
  url.searchParams.delete('lng');
  location.assign(url.toString());
});

// <details> menus close on outside click, on Escape (focus back to their summary) and
// when another menu opens.
const menus = () => Array.from(document.querySelectorAll<HTMLDetailsElement>('details[data-menu]'));
document.addEventListener('click', (event) => {
  for (const menu of menus()) {
    if (menu.open && !menu.contains(event.target as Node)) menu.open = false;
  }
});
document.addEventListener('keydown', (event) => {
  if (event.key !== 'Escape') return;
  for (const menu of menus()) {
    if (menu.open) {
      menu.open = false;
      menu.querySelector('summary')?.focus();
    }
  }
});
for (const menu of menus()) {
  menu.addEventListener('toggle', () => {
    if (!menu.open) return;
    for (const other of menus()) if (other !== menu && !other.contains(menu)) other.open = false;
  });
}

// Logout (spec sections 7 and 8): POST, then "Logout successful" on the home page.
for (const button of document.querySelectorAll<HTMLButtonElement>('[data-logout]')) {
  button.addEventListener('click', async () => {
    const m = messages();
    button.disabled = true;
    try {
      await call('POST', '/api/auth/logout', {});
      queueToastForNextPage(m.logoutSuccess);
      location.assign('/');
    } catch (error) {
      console.error(error);
      const description = error instanceof HttpError ? error.errorField : undefined;
      showToast({ variant: 'destructive', title: m.logoutFailed.title, description: description ?? m.logoutFailed.description });
      button.disabled = false;
    }
  });
}
