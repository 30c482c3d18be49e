import { safeReturnTo } from '../shared/return-to';

/**
 * Where a visitor asked to sign in was going, kept across the emailed link: registering (or
 * asking for a reset) leaves the sign-in screen, and the link comes back without `next`, so
 * the path waits in this browser until the password is set, for as long as a registration
 * link lasts. Same-site paths only, checked when kept and again when taken.
 */
const KEY = 'promptory:next';
const KEEP_MS = 24 * 60 * 60 * 1000;

/** Keeps the sign-in screen's own `next`, if it has one. */
export function keepReturnPath(): void {
  const next = safeReturnTo(new URL(location.href).searchParams.get('next'));
  try {
    if (next) localStorage.setItem(KEY, JSON.stringify({ next, at: Date.now() }));
  } catch {
    /* storage unavailable: the user lands on the home page */
  }
}

/** The kept path (once: it is forgotten as it is read), or null. */
export function takeReturnPath(): string | null {
  try {
    const raw = localStorage.getItem(KEY);
    localStorage.removeItem(KEY);
    const kept = raw ? (JSON.parse(raw) as { next?: unknown; at?: unknown }) : null;
    if (!kept || typeof kept.next !== 'string' || typeof kept.at !== 'number' || Date.now() - kept.at > KEEP_MS) return null;
    return safeReturnTo(kept.next);
  } catch {
    return null;
  }
}
