import { LANGUAGE_COOKIE, LANGUAGE_STORAGE_KEY, normalizeLanguage } from '../i18n/languages';

/**
 * The language menu's choice: remembered in the cookie (for the server) and localStorage (where
 * the head script looks next), then the page loads again in that language without a `lng` parameter.
 */
export function chooseLanguage(code: string): void {
  const lng = normalizeLanguage(code);
  if (!lng) return;
  document.cookie = `${LANGUAGE_COOKIE}=${lng};path=/;max-age=31536000;samesite=lax`;
  try {
    localStorage.setItem(LANGUAGE_STORAGE_KEY, lng);
  } catch {
    /* private mode: the cookie is enough */
  }
  const url = new URL(location.href);
  url.searchParams.delete('lng');
  location.assign(url.toString());
}

/** A plain left click the page may handle itself (not a request to open a new tab). */
export function isPlainClick(event: { button: number; metaKey: boolean; ctrlKey: boolean; shiftKey: boolean; altKey: boolean }): boolean {
  return event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey;
}
