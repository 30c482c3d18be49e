import * as routes from '../shared/api-routes.generated';
import { api, HttpError } from './http';
import { messages } from './messages';
import { queueToastForNextPage, showToast } from './toast-store';

/** Logout: POST, then "Logout successful" on the home page. */
export async function logout(): Promise<void> {
  const m = messages();
  try {
    await api(routes.logout, { body: {} });
    queueToastForNextPage(m.logoutSuccess);
    location.assign('/');
  } catch (error) {
    console.error(error);
    const description = error instanceof HttpError ? error.errorField : undefined;
    showToast({ variant: 'destructive', title: m.logoutFailed.title, description: description ?? m.logoutFailed.description });
  }
}
