import * as routes from '../shared/api-routes.generated';
import { api, HttpError } from './http';
import { pageT } from './strings';
import { queueToastForNextPage, showToast } from '../ui/toast-store';

/** Logout: POST, then "Logout successful" on the home page. */
export async function logout(): Promise<void> {
  const t = pageT();
  try {
    await api(routes.logout, { body: {} });
    queueToastForNextPage({ title: t('common:toasts.logoutSuccess.title'), description: t('common:toasts.logoutSuccess.description') });
    location.assign('/');
  } catch (error) {
    console.error(error);
    const description = error instanceof HttpError ? error.errorField : undefined;
    showToast({
      variant: 'destructive',
      title: t('common:toasts.logoutFailed.title'),
      description: description ?? t('common:toasts.logoutFailed.description'),
    });
  }
}
