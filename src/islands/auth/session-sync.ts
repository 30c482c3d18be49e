/**
 * Every page runs this (through src/islands/site.ts; a few hundred bytes): it keeps the
 * current user fresh (load, focus, every 30 minutes) and reloads the page when the session
 * changed elsewhere, so the server redirects or re-renders. Reads the user id the page was
 * rendered for from `<body data-session-user>` (empty for visitors).
 */
import { startCurrentUserSync } from './current-user';

const marker = document.querySelector<HTMLElement>('[data-session-user]');
if (marker) {
  const raw = marker.dataset.sessionUser;
  startCurrentUserSync({ renderedUserId: raw ? Number(raw) : null, onChange: () => location.reload() });
}
