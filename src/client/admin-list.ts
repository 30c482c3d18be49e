import { useCallback, useEffect } from 'react';
import type { Page } from '../../modules/prompts/contracts';
import { usePaged } from './paged';

/**
 * One admin list (reports, revisions, the audit log, the review history): the first page on
 * mount and again whenever `fetchPage` changes (a new filter: keep it in `useCallback`), then a
 * page at a time through `more` (the Load more control's props). `items` is null while the
 * first page loads and empty when there is none or it failed (the failure is logged).
 * After an action: `remove` drops the rows it settled at once, `refresh` asks the first page again.
 */
export function useAdminList<T>(fetchPage: (cursor?: number) => Promise<Page<T>>) {
  const { items, setItems, reload, more } = usePaged<T>(fetchPage);
  useEffect(() => void reload(), [reload]);
  const remove = useCallback((settled: (item: T) => boolean) => setItems((list) => list?.filter((item) => !settled(item)) ?? list), [setItems]);
  return { items, more, remove, refresh: reload };
}
