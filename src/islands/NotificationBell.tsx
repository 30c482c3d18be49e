import { useEffect } from 'react';
import { $currentUser } from '../client/current-user';
import { $unseenNotifications, refreshUnseenNotifications } from '../client/notifications';
import type { ScopeOf } from '../shared/string-specs';
import { translator, type Strings } from '../shared/strings';
import { useHydratedStore } from '../ui/hooks';
import { Icon } from '../ui/Icon';

const bellClass = 'relative inline-flex h-9 w-9 items-center justify-center rounded-lg text-muted-foreground hover:bg-muted hover:text-foreground';

/**
 * The nav's bell: a link to /notifications with how many came since the viewer last looked.
 * The nav is the same cached HTML for everyone, so the count is asked from the browser once
 * the viewer is known (and again when the window regains focus); without JavaScript the bell
 * is a plain link, as the sign-in links are.
 */
export default function NotificationBell({ strings, active }: { strings: Strings<ScopeOf<'nav'>>; active: boolean }) {
  const t = translator(strings);
  const user = useHydratedStore($currentUser, undefined);
  const unseen = useHydratedStore($unseenNotifications, undefined);
  const signedIn = Boolean(user);
  useEffect(() => {
    if (!signedIn) return;
    void refreshUnseenNotifications();
    const onFocus = () => void refreshUnseenNotifications();
    window.addEventListener('focus', onFocus);
    return () => window.removeEventListener('focus', onFocus);
  }, [signedIn]);

  if (user === undefined) {
    return (
      <a href="/notifications" className={`no-js-only ${bellClass}`} aria-label={t('nav.notifications')}>
        <Icon name="bell" size={18} />
      </a>
    );
  }
  if (!user) return null;
  const count = unseen ?? 0;
  return (
    <a
      href="/notifications"
      className={`${bellClass}${active ? ' bg-muted text-foreground' : ''}`}
      aria-current={active ? 'page' : undefined}
      aria-label={count > 0 ? t('nav.notificationsNew', { count }) : t('nav.notifications')}
      data-testid="notification-bell"
      data-unseen={count}
    >
      <Icon name="bell" size={18} />
      {count > 0 && (
        <span
          aria-hidden="true"
          className="absolute -top-0.5 -right-0.5 flex h-4.5 min-w-4.5 items-center justify-center rounded-full bg-primary px-1 text-[11px] leading-none font-semibold text-primary-foreground"
          data-testid="notification-count"
        >
          {count > 99 ? '99+' : count}
        </span>
      )}
    </a>
  );
}
