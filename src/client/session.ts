import * as routes from '../shared/api-routes.generated';
import { api, failureText } from './http';
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
    showToast({
      variant: 'destructive',
      title: t('common:toasts.logoutFailed.title'),
      description: failureText(t, error, t('common:toasts.logoutFailed.description')),
    });
  }
}
