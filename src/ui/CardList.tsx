import type { ReactNode } from 'react';
import { cx } from './cx';
import { LoadMore } from './LoadMore';
import type { Translate } from './t';

interface Props<T> {
  /** The items; null while the first page loads (a busy placeholder card shows). */
  items: readonly T[] | null;
  /** What the list says when there are none. */
  empty: ReactNode;
  emptyTestId: string;
  testId: string;
  /** The space between the cards. */
  gap?: 'gap-4' | 'gap-5';
  /** One `<li>` per item, keyed. */
  children: (item: T) => ReactNode;
  /** The paged list's "Load more" (useAdminList's or usePendingQueue's `more`). */
  more: { hasMore: boolean; busy: boolean; onClick: () => void };
  /** The island's translate function: "Load more" is the admin pages' (`review:list.*`). */
  t: Translate;
}

/**
 * The admin's card lists (the queue, revisions, reports): a busy placeholder while the first
 * page loads, one line when there is nothing, else a card per item and "Load more" under them.
 * The data and what a card holds stay with the caller.
 */
export function CardList<T>({ items, empty, emptyTestId, testId, gap = 'gap-5', children, more, t }: Props<T>) {
  if (items === null) return <div className="card h-40 animate-pulse bg-muted" aria-busy="true" />;
  if (items.length === 0)
    return (
      <div className="card px-6 py-16 text-center text-muted-foreground" data-testid={emptyTestId}>
        {empty}
      </div>
    );
  return (
    <>
      <ul className={cx('grid', gap)} data-testid={testId}>
        {items.map(children)}
      </ul>
      <LoadMore {...more} label={t('review:list.loadMore')} busyLabel={t('review:list.loadingMore')} />
    </>
  );
}
