import { useCallback, useRef, useState } from 'react';
import type { Page } from '../../modules/prompts/contracts';

/**
 * A paged list in an island: `reload` fetches the first page, `more` is the Load
 * more control's state and action (the next page, appended). `fetchPage` is called with the
 * cursor of the page before (none for the first). A reload that answers after a newer one
 * (a filter changed twice quickly) is dropped, so the list always shows the latest question.
 * `first`: the first page as the server rendered it (the list shows before hydration).
 */
export function usePaged<T>(fetchPage: (cursor?: number) => Promise<Page<T>>, first?: Page<T>) {
  const [items, setItems] = useState<T[] | null>(first?.items ?? null);
  const [nextCursor, setNextCursor] = useState<number | null>(first?.nextCursor ?? null);
  const [busy, setBusy] = useState(false);
  const generation = useRef(0);

  const reload = useCallback(async () => {
    const mine = ++generation.current;
    try {
      const page = await fetchPage();
      if (mine !== generation.current) return;
      setItems(page.items);
      setNextCursor(page.nextCursor);
    } catch (error) {
      console.error(error);
      if (mine !== generation.current) return;
      setItems((list) => list ?? []);
      setNextCursor(null);
    }
  }, [fetchPage]);

  const loadMore = useCallback(async () => {
    if (nextCursor === null) return;
    const mine = generation.current;
    setBusy(true);
    try {
      const page = await fetchPage(nextCursor);
      if (mine !== generation.current) return;
      setItems((list) => [...(list ?? []), ...page.items]);
      setNextCursor(page.nextCursor);
    } catch (error) {
      console.error(error);
    } finally {
      setBusy(false);
    }
  }, [fetchPage, nextCursor]);

  return { items, setItems, reload, more: { hasMore: nextCursor !== null, busy, onClick: () => void loadMore() } };
}
