import { atom } from 'nanostores';
import * as routes from '../shared/api-routes.generated';
import { api } from './http';

/**
 * How many notifications came since the viewer last looked (the nav's bell): `undefined`
 * until asked. Asked per viewer from the browser, never rendered into the nav, which is the
 * same cached HTML for everyone.
 */
export const $unseenNotifications = atom<number | undefined>(undefined);

export async function refreshUnseenNotifications(): Promise<void> {
  try {
    $unseenNotifications.set((await api(routes.notificationCount, {})).unseen);
  } catch (error) {
    // The bell stays a plain link without its count.
    console.error(error);
  }
}
