import { useCallback, useEffect, useState } from 'react';
import { notificationHref, type NotificationView, type Page } from '../../modules/notifications/contracts';
import { api } from '../client/http';
import { setUnseenNotifications } from '../client/notifications';
import { usePaged } from '../client/paged';
import { useT, withStrings } from '../client/strings';
import * as routes from '../shared/api-routes.generated';
import { formatDate } from '../shared/format';
import type { ScopeOf } from '../shared/string-specs';
import type { Strings } from '../shared/strings';
import { Button } from '../ui/Button';
import { Icon, type IconName } from '../ui/Icon';
import { LoadMore } from '../ui/LoadMore';
import { reserveToast } from '../ui/toast-store';

type NT = ReturnType<typeof useT<ScopeOf<'notifications'>>>;

interface Props {
  strings: Strings<ScopeOf<'notifications'>>;
  /** The first page, as the server rendered it. */
  first: Page<NotificationView>;
  /** How many came since the person last looked, when the page was rendered. */
  unseen: number;
}

const ICONS: Record<NotificationView['kind'], IconName> = {
  'prompt-approved': 'check',
  'prompt-rejected': 'x',
  'prompt-withdrawn': 'alert',
  'revision-approved': 'check',
  'revision-rejected': 'x',
  'comment-reply': 'message',
  'comment-hidden': 'shield',
  'report-hidden': 'shield',
  'report-withdrawn': 'shield',
  'report-dismissed': 'shield',
};

/**
 * /notifications: what happened to the person, newest first, each a link to where they act on
 * it (a plain link before hydration). Opening the page counts as looking (the bell's count
 * starts again); opening one marks it read; Mark all as read marks the rest.
 */
export default withStrings(NotificationList);

function NotificationList({ strings: { lng }, first, unseen }: Props) {
  const t = useT<ScopeOf<'notifications'>>();
  const fetchPage = useCallback((cursor?: number) => api(routes.myNotifications, { query: { cursor, limit: 20 } }), []);
  const { items, setItems, more } = usePaged<NotificationView>(fetchPage, first);
  const [busy, setBusy] = useState(false);
  const newest = first.items[0]?.position;

  useEffect(() => {
    // Only when something came since the last look: looking again writes nothing.
    if (newest === undefined || unseen === 0) return;
    api(routes.notificationsSeen, { body: { upTo: newest } })
      .then((count) => setUnseenNotifications(count.unseen))
      .catch((error: unknown) => console.error(error));
  }, [newest, unseen]);

  const list = items ?? [];
  const markAll = async () => {
    const toast = reserveToast();
    if (newest === undefined) return;
    setBusy(true);
    try {
      const count = await api(routes.notificationsAllRead, { body: { upTo: newest } });
      setUnseenNotifications(count.unseen);
      setItems((all) => (all ?? []).map((n) => (n.position <= newest ? { ...n, read: true } : n)));
      toast({ title: t('notifications.markedAllRead') });
    } catch (error) {
      console.error(error);
      toast({ variant: 'destructive', title: t('notifications.markFailed') });
    } finally {
      setBusy(false);
    }
  };
  const open = (n: NotificationView) => (event: React.MouseEvent<HTMLAnchorElement>) => {
    if (n.read || event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) {
      if (!n.read) void api(routes.notificationRead, { params: { id: n.position } }).catch(() => undefined);
      return;
    }
    // Marked first, then followed: the link still goes where it points if the mark fails.
    event.preventDefault();
    const href = event.currentTarget.href;
    void api(routes.notificationRead, { params: { id: n.position } })
      .catch((error: unknown) => console.error(error))
      .finally(() => location.assign(href));
  };

  if (list.length === 0) {
    return (
      <div className="card flex flex-col items-center gap-3 px-6 py-14 text-center" data-testid="notifications-empty">
        <Icon name="bell" size={28} className="text-muted-foreground" />
        <p className="max-w-md text-sm text-muted-foreground">{t('notifications.empty')}</p>
      </div>
    );
  }
  const anyUnread = list.some((n) => !n.read);
  return (
    <section data-testid="notifications">
      <div className="mb-3 flex justify-end">
        <Button icon="check" variant="outline" size="sm" disabled={busy || !anyUnread} onClick={() => void markAll()} data-testid="notifications-mark-all">
          {t('notifications.markAllRead')}
        </Button>
      </div>
      <ol className="card divide-y divide-border overflow-hidden">
        {list.map((n) => (
          <li key={n.position} data-testid="notification" data-kind={n.kind} data-read={n.read}>
            <a
              href={notificationHref(n)}
              onClick={open(n)}
              className={`flex gap-3 px-4 py-3.5 hover:bg-muted/60 focus-visible:bg-muted/60 sm:px-5 ${n.read ? '' : 'bg-primary/5'}`}
            >
              <span className="mt-0.5 flex h-8 w-8 shrink-0 items-center justify-center rounded-full bg-muted text-muted-foreground">
                <Icon name={ICONS[n.kind]} size={16} />
              </span>
              <span className="min-w-0 flex-1">
                <span className={`block text-sm wrap-anywhere ${n.read ? 'text-foreground/90' : 'font-semibold text-foreground'}`}>{text(t, n)}</span>
                <Details t={t} n={n} />
                <span className="mt-1 block text-xs text-muted-foreground">{formatDate(n.at, lng)}</span>
              </span>
              {!n.read && (
                <span className="mt-2 h-2.5 w-2.5 shrink-0 rounded-full bg-primary" data-testid="notification-unread">
                  <span className="sr-only">{t('notifications.unread')}</span>
                </span>
              )}
            </a>
          </li>
        ))}
      </ol>
      <LoadMore {...more} label={t('notifications.loadMore')} busyLabel={t('notifications.loading')} />
    </section>
  );
}

function text(t: NT, n: NotificationView): string {
  return t(`notifications.kinds.${n.kind}`, { title: n.promptTitle || t('notifications.untitled'), version: n.version ?? undefined });
}

/** The reason and the admin's note: a rejection's reason is a code, named in the person's language. */
function Details({ t, n }: { t: NT; n: NotificationView }) {
  if (!n.reason && !n.note) return null;
  const rejection = n.kind === 'prompt-rejected' || n.kind === 'revision-rejected';
  const reason = n.reason && (rejection ? t(`review:reasons.${n.reason}` as `review:reasons.${'other'}`, { defaultValue: n.reason }) : n.reason);
  return (
    <span className="mt-1 block text-sm text-muted-foreground wrap-anywhere">
      {reason && <span className="block">{t('notifications.reason', { reason })}</span>}
      {n.note && <span className="block">{t('notifications.note', { note: n.note })}</span>}
    </span>
  );
}
