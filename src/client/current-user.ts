import { atom } from 'nanostores';
import type { CurrentUser } from '../../modules/accounts/contracts';
import * as routes from '../shared/api-routes.generated';
import { api } from './http';

/**
 * The current user on the client: asked at load, again when the
 * window regains focus and every 30 minutes; no retry. `undefined` until the first answer.
 */
export const CURRENT_USER_REFRESH_MS = 30 * 60 * 1000;
export const $currentUser = atom<CurrentUser | null | undefined>(undefined);

export async function refreshCurrentUser(): Promise<CurrentUser | null> {
  const { user } = await api(routes.me);
  $currentUser.set(user);
  return user;
}

/** How long a click made before the first answer waits for it before it acts as a visitor's. */
const KNOWN_USER_WAIT_MS = 5000;

/**
 * The current user once the first answer is in: a control shown while nobody is known yet (the
 * visitor's, on a page that is the same for everyone) may be clicked by a member before it.
 * Null after `KNOWN_USER_WAIT_MS` without an answer.
 */
export function knownCurrentUser(): Promise<CurrentUser | null> {
  const now = $currentUser.get();
  if (now !== undefined) return Promise.resolve(now);
  return new Promise((resolve) => {
    const stop = $currentUser.listen((user) => {
      if (user === undefined) return;
      done(user);
    });
    const timer = setTimeout(() => done(null), KNOWN_USER_WAIT_MS);
    function done(user: CurrentUser | null) {
      stop();
      clearTimeout(timer);
      resolve(user);
    }
  });
}

let started = false;

/**
 * Keeps `$currentUser` fresh. `renderedUserId` is who the server rendered a private page for;
 * when the answer differs (signed out elsewhere, session expired, signed in in another tab)
 * `onChange` runs, so the page reloads and the server renders the truth. Shared pages pass
 * `undefined`: their personal islands follow the store instead.
 */
export function startCurrentUserSync(options: { renderedUserId: number | null | undefined; onChange?: (user: CurrentUser | null) => void }) {
  if (started) return;
  started = true;
  let rendered = options.renderedUserId;
  const check = () =>
    refreshCurrentUser()
      .then((user) => {
        const id = user?.id ?? null;
        if (rendered !== undefined && id !== rendered) {
          rendered = id;
          options.onChange?.(user);
        }
      })
      .catch((error) => console.error(error));
  void check();
  window.addEventListener('focus', () => void check());
  setInterval(() => void check(), CURRENT_USER_REFRESH_MS);
}
