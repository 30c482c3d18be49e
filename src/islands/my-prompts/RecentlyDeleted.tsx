import { useCallback, useEffect } from 'react';
import type { DeletedPromptView } from '../../../modules/prompts/contracts';
import { api } from '../../client/http';
import { usePaged } from '../../client/paged';
import { useT } from '../../client/strings';
import * as routes from '../../shared/api-routes.generated';
import type { ScopeOf } from '../../shared/string-specs';
import { Button } from '../../ui/Button';
import { Icon } from '../../ui/Icon';
import { LoadMore } from '../../ui/LoadMore';
import { restoreDeleted } from '../shared/review-parts';
import { formatTime } from '../../shared/format';

/**
 * My Prompts' Recently deleted: the prompts the user deleted, each with Restore until the purge
 * takes it 30 days after. Read again whenever `version` changes (a deletion or restore above);
 * nothing shows while it is empty.
 */
export function RecentlyDeleted({ lng, version, onRestored }: { lng: string; version: number; onRestored: () => void }) {
  const t = useT<ScopeOf<'review'>>();
  const fetchPage = useCallback((cursor?: number) => api(routes.deletedPrompts, { query: { cursor } }), []);
  const { items, reload, more } = usePaged<DeletedPromptView>(fetchPage);
  useEffect(() => void reload(), [reload, version]);
  if (!items?.length) return null;
  const restore = async (id: number) => {
    if (await restoreDeleted(id, t)) onRestored();
  };
  return (
    <section className="mt-10" aria-labelledby="recently-deleted-heading" data-testid="recently-deleted">
      <h3 id="recently-deleted-heading" className="flex items-center gap-2 text-lg font-semibold">
        <Icon name="trash" size={16} className="text-muted-foreground" />
        {t('mine.recentlyDeleted')}
      </h3>
      <p className="mt-1 text-sm text-muted-foreground">{t('mine.recentlyDeletedHint')}</p>
      <ul className="mt-4 grid gap-3">
        {items.map((p) => (
          <li
            key={p.id}
            className="card flex min-w-0 flex-wrap items-center justify-between gap-3 p-4 wrap-anywhere"
            data-testid="deleted-prompt"
            data-prompt-id={p.id}
          >
            <div className="min-w-0">
              <p className="font-medium break-words">{p.title}</p>
              <p className="mt-1 text-sm text-muted-foreground">
                {t('mine.deletedOn', { date: formatTime(p.deletedAt, lng), until: formatTime(p.purgeAfter, lng) })}
              </p>
            </div>
            <Button
              icon="rotate-ccw"
              variant="outline"
              size="sm"
              onClick={() => void restore(p.id)}
              aria-label={t('mine.restoreLabel', { title: p.title })}
              data-testid="restore"
            >
              {t('mine.restore')}
            </Button>
          </li>
        ))}
      </ul>
      <LoadMore {...more} label={t('list.loadMore')} busyLabel={t('list.loadingMore')} />
    </section>
  );
}
