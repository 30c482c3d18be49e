import { atom } from 'nanostores';
import * as routes from '../shared/api-routes.generated';
import { api } from './http';

/**
 * How many notifications came since the viewer last looked (the nav's bell): `undefined`
 * until asked. Asked per viewer from the browser, never rendered into the nav, which is the
 * same cached HTML for everyone.
 */
export const $unseenNotifications = atom<number | undefined>(undefined);

/**
 * Counts the store has taken from writes. An answer to a question asked before the latest of
 * them is older than what the store holds: on /notifications the bell asks as the page writes
 * that the person has looked, and its answer may come back after the write's.
 */
let taken = 0;

/** The count as a write that changed it answered (looked, marked read): newer than any question still on its way. */
export function setUnseenNotifications(count: number): void {
  taken++;
  $unseenNotifications.set(count);
}

export async function refreshUnseenNotifications(): Promise<void> {
  const asked = taken;
  try {
    const { unseen } = await api(routes.notificationCount, {});
    if (asked === taken) $unseenNotifications.set(unseen);
  } catch (error) {
    // The bell stays a plain link without its count.
    console.error(error);
  }
}
