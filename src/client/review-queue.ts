import { useCallback, useEffect, useRef, useState } from 'react';
import { PAGE_DEFAULT, PAGE_MAX, type RejectionView, type ReviewPromptView } from '../../modules/prompts/contracts';
import * as routes from '../shared/api-routes.generated';
import { api } from './http';
import type { ScopeOf } from '../shared/string-specs';
import { useT } from './strings';
import { reserveToast } from './toast-store';

/** The admin's pending list is fetched again every 30 seconds. */
export const PENDING_REFRESH_MS = 30_000;

/**
 * The review queue for the admin screens, a page at a time (a flooded queue once
 * weighed 16 MB): the first page at once, again every 30 s (as many rows as are shown, at
 * most PAGE_MAX: one request, one page) and after each decision; `loadMore` appends the
 * next page. `review` approves or rejects with toasts that differ by
 * screen: the admin page says "Success" / "Error: Failed to review prompt", the dashboard's
 * Admin tab "Prompt approved" / "Prompt rejected" / "Failed to approve" / "Failed to reject".
 * Load failures are only logged.
 */
export function usePendingQueue(screen: 'admin-page' | 'dashboard') {
  const t = useT<ScopeOf<'review'>>();
  const [queue, setQueue] = useState<ReviewPromptView[] | null>(null);
  const [nextCursor, setNextCursor] = useState<number | null>(null);
  const [loadingMore, setLoadingMore] = useState(false);
  const [busy, setBusy] = useState<number | null>(null);
  const alive = useRef(true);
  const shown = useRef(0);

  const load = useCallback(async () => {
    try {
      const page = await api(routes.pending, { query: { limit: Math.min(PAGE_MAX, Math.max(PAGE_DEFAULT, shown.current)) } });
      if (!alive.current) return;
      shown.current = page.items.length;
      setQueue(page.items);
      setNextCursor(page.nextCursor);
    } catch (error) {
      console.error(error);
      if (alive.current) setQueue((q) => q ?? []);
    }
  }, []);

  const loadMore = useCallback(async () => {
    if (nextCursor === null) return;
    setLoadingMore(true);
    try {
      const page = await api(routes.pending, { query: { cursor: nextCursor } });
      if (!alive.current) return;
      setQueue((q) => {
        const seen = new Set((q ?? []).map((p) => p.id));
        const merged = [...(q ?? []), ...page.items.filter((p) => !seen.has(p.id))];
        shown.current = merged.length;
        return merged;
      });
      setNextCursor(page.nextCursor);
    } catch (error) {
      console.error(error);
    } finally {
      if (alive.current) setLoadingMore(false);
    }
  }, [nextCursor]);

  useEffect(() => {
    alive.current = true;
    void load();
    const timer = setInterval(() => void load(), PENDING_REFRESH_MS);
    return () => {
      alive.current = false;
      clearInterval(timer);
    };
  }, [load]);

  /** A rejection carries its reason and note (the reject form asks for them). */
  const review = async (id: number, isApproved: boolean, rejection?: RejectionView) => {
    const toast = reserveToast();
    setBusy(id);
    try {
      await api(routes.review, { params: { id }, body: { isApproved, reason: rejection?.reason ?? undefined, note: rejection?.note } });
      toast(
        screen === 'admin-page'
          ? { title: t('admin.successTitle'), description: t('admin.successDescription') }
          : isApproved
            ? { title: t('admin.approvedTitle'), description: t('admin.approvedDescription') }
            : { title: t('admin.rejectedTitle'), description: t('admin.rejectedDescription') },
      );
      setQueue((q) => q?.filter((p) => p.id !== id) ?? q);
    } catch (error) {
      console.error(error);
      toast(
        screen === 'admin-page'
          ? { variant: 'destructive', title: t('admin.errorTitle'), description: t('admin.errorDescription') }
          : { variant: 'destructive', title: t(isApproved ? 'admin.approveFailed' : 'admin.rejectFailed') },
      );
    } finally {
      setBusy(null);
      void load();
    }
  };

  return { queue, busy, review, reload: load, more: { hasMore: nextCursor !== null, busy: loadingMore, onClick: () => void loadMore() } };
}
