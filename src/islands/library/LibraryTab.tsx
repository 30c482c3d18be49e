import { Fragment, useEffect, useState } from 'react';
import { QUICK_COLLECTION_DESCRIPTION, collectionRequest, type CollectionView } from '../../../modules/collections/contracts';
import { HttpError } from '../../client/http';
import { createCollection, myBookmarks, myCollections, myHistory, removeFavorite, type Favorite, type HistoryEntry } from '../../client/library';
import { recordUseAndCopy } from '../../client/prompt-actions';
import { reserveToast } from '../../ui/toast-store';
import { formatDate } from '../../shared/format';
import { updatedSinceHref } from '../../shared/saved-version';
import { formMessage, type FormIssue } from '../../shared/form-messages';
import { EmptyState } from '../../ui/EmptyState';
import { Icon, type IconName } from '../../ui/Icon';
import { UpdatedSinceLink } from '../../ui/PromptCard';
import { confirmAndDelete, LoadingGrid, type LibraryProps, CollectionGrid } from './shared';
import { Button, buttonClass } from '../../ui/Button';
import { StringsProvider, useT } from '../../client/strings';
import type { Language } from '../../i18n/languages';
import type { ScopeOf } from '../../shared/string-specs';
import { usePaged } from '../../client/paged';
import { LoadMore } from '../../ui/LoadMore';
import type { Page } from '../../../modules/prompts/contracts';

export type LibraryView = 'collections' | 'bookmarks' | 'history';

/**
 * The dashboard's library tabs: Collections (quick New Collection by a
 * name prompt), Bookmarks ("Used on", remove, View Prompt) and History (an addition:
 * newest first, "Use again"). Private data, loaded from the API after the page renders.
 */
export default function LibraryTab({ strings, view }: LibraryProps & { view: LibraryView }) {
  return (
    <StringsProvider strings={strings}>
      {view === 'collections' && <Collections lng={strings.lng} />}
      {view === 'bookmarks' && <Bookmarks lng={strings.lng} />}
      {view === 'history' && <History lng={strings.lng} />}
    </StringsProvider>
  );
}

/**
 * A tab's list, a page at a time: the first page at once, the next on Load more.
 * Load failures are only logged (the product's rule for library lists); the list shows its empty state.
 * `pending` is the row whose action runs (its buttons are disabled meanwhile); `run` runs one.
 */
function useList<T>(load: (cursor?: number) => Promise<Page<T>>) {
  const t = useT<ScopeOf<'library'>>();
  const { items, setItems, reload, more } = usePaged(load);
  const [pending, setPending] = useState<number | null>(null);
  useEffect(() => void reload(), [reload]);
  const run = async (id: number, action: () => Promise<void>) => {
    setPending(id);
    try {
      await action();
    } finally {
      setPending(null);
    }
  };
  return {
    list: items,
    update: (f: (list: T[]) => T[]) => setItems((l) => f(l ?? [])),
    more: <LoadMore {...more} label={t('loadMore')} busyLabel={t('loadingMore')} />,
    pending,
    run,
  };
}

function Collections({ lng }: { lng: Language }) {
  const t = useT<ScopeOf<'library'>>();
  const { list, update, more } = useList(myCollections);
  const [busy, setBusy] = useState(false);

  /** The product's quick create: a browser prompt for the name; private, described "My collection of prompts". */
  const quickCreate = async () => {
    const name = window.prompt(t('namePrompt'));
    if (name === null) return;
    const toast = reserveToast();
    const failed = (issue?: FormIssue) => {
      const chosen = issue && formMessage('collection', issue);
      toast({
        variant: 'destructive',
        title: t('createFailed.title'),
        description: chosen ? t(chosen.qualified, chosen.values) : t('createFailed.description'),
      });
    };
    // Only the name is asked for: its issues come without a path.
    const parsed = collectionRequest.shape.name.safeParse(name);
    if (!parsed.success) return failed({ ...parsed.error.issues[0]!, path: ['name'] });
    setBusy(true);
    try {
      const created = await createCollection({ name: parsed.data, description: QUICK_COLLECTION_DESCRIPTION, isPublic: false });
      update((l) => [created, ...l]);
      toast({ title: t('collectionCreated') });
    } catch (error) {
      console.error(error);
      failed(error instanceof HttpError ? error.issues[0] : undefined);
    } finally {
      setBusy(false);
    }
  };

  const remove = async (c: CollectionView) => {
    if (await confirmAndDelete(c, t)) update((l) => l.filter((x) => x.id !== c.id));
  };

  return (
    <>
      <div className="mb-5 flex flex-wrap items-center justify-between gap-3">
        <a href="/dashboard/collections" className="text-sm font-medium text-link hover:underline">
          {t('collectionsPage.title')}
        </a>
        <Button variant="primary" disabled={busy} onClick={() => void quickCreate()} data-testid="quick-new-collection">
          <Icon name="plus" size={16} />
          {t('newCollection')}
        </Button>
      </div>
      <CollectionGrid list={list} lng={lng} viewLabel={t('viewCollection')} showCount={false} onDelete={(c) => void remove(c)} />
      {more}
    </>
  );
}

function Bookmarks({ lng }: { lng: Language }) {
  const t = useT<ScopeOf<'library'>>();
  const rows = useList(myBookmarks);

  const remove = (f: Favorite) =>
    rows.run(f.id, async () => {
      const toast = reserveToast();
      try {
        await removeFavorite(f);
        rows.update((l) => l.filter((x) => x.id !== f.id));
        toast({ title: t('removedFromFavorites') });
      } catch (error) {
        console.error(error);
        toast({ variant: 'destructive', title: t('removeFailed.title'), description: t('removeFailed.description') });
      }
    });

  return (
    <RowGrid rows={rows} testId="bookmark-grid" empty={{ icon: 'bookmark', title: t('bookmarksEmpty.title'), description: t('bookmarksEmpty.description') }}>
      {(f) => (
        <PromptRow
          item={f}
          date={t('usedOn', { date: formatDate(f.createdAt, lng) })}
          updatedHref={updatedSinceHref(f.promptId, f.savedVersion, f.prompt.version)}
        >
          <Button
            icon="trash"
            variant="outline"
            size="sm"
            disabled={rows.pending === f.id}
            aria-label={t('removeLabel', { title: f.prompt.title })}
            data-testid="remove-bookmark"
            onClick={() => void remove(f)}
          >
            {t('remove')}
          </Button>
        </PromptRow>
      )}
    </RowGrid>
  );
}

function History({ lng }: { lng: Language }) {
  const t = useT<ScopeOf<'library'>>();
  const rows = useList(myHistory);

  const copyAgain = (entry: HistoryEntry) =>
    rows.run(entry.id, async () => {
      // The new use is the newest entry: show it first, as a reload would.
      if (await recordUseAndCopy(entry.promptId)) rows.update((l) => [{ ...entry, id: -Date.now(), usedAt: new Date().toISOString() }, ...l]);
    });

  return (
    <RowGrid rows={rows} testId="history-list" empty={{ icon: 'clock', title: t('history.empty'), description: t('history.emptyDescription') }}>
      {(entry) => (
        <PromptRow item={entry} date={t('history.usedAt', { date: formatDate(entry.usedAt, lng) })}>
          <Button icon="copy" variant="primary" size="sm" disabled={rows.pending === entry.id} data-testid="use-again" onClick={() => void copyAgain(entry)}>
            {t('history.useAgain')}
          </Button>
        </PromptRow>
      )}
    </RowGrid>
  );
}

/** A tab's grid of rows: loading, its empty state (with the way to browse), or the rows and Load more. */
function RowGrid<T extends { id: number }>({
  rows: { list, more },
  testId,
  empty,
  children,
}: {
  rows: { list: T[] | null; more: React.ReactNode };
  testId: string;
  empty: { icon: IconName; title: string; description: string };
  children: (item: T) => React.ReactNode;
}) {
  const t = useT<ScopeOf<'library'>>();
  if (list === null) return <LoadingGrid />;
  if (list.length === 0) return <EmptyState {...empty} actionHref="/prompts" actionLabel={t('bookmarksEmpty.browse')} />;
  return (
    <>
      <div className="grid grid-cols-1 gap-5 sm:grid-cols-2 lg:grid-cols-3" data-testid={testId}>
        {list.map((item) => (
          <Fragment key={item.id}>{children(item)}</Fragment>
        ))}
      </div>
      {more}
    </>
  );
}

function PromptRow({
  item: { promptId, prompt },
  date,
  updatedHref,
  children,
}: {
  item: { promptId: number; prompt: { title: string; description: string } };
  date: string;
  /** The diff since the version saved, when the prompt changed since (bookmarks). */
  updatedHref?: string | null;
  children: React.ReactNode;
}) {
  const { title, description } = prompt;
  const t = useT<ScopeOf<'library'>>();
  return (
    <article className="card flex flex-col p-5" data-testid="library-item" aria-labelledby={`item-${promptId}-${date}`}>
      <h3 id={`item-${promptId}-${date}`} className="text-base font-semibold break-words">
        <a href={`/prompts/${promptId}`} className="hover:underline">
          {title}
        </a>
      </h3>
      <p className="mt-2 line-clamp-2 text-sm text-muted-foreground">{description}</p>
      <p className="mt-4 inline-flex items-center gap-1 text-xs text-muted-foreground">
        <Icon name="clock" size={13} />
        {date}
      </p>
      {updatedHref && <UpdatedSinceLink href={updatedHref} label={t('updatedSince')} className="mt-2" />}
      <div className="mt-5 flex flex-wrap items-center gap-2 border-t border-border pt-4">
        {children}
        <a href={`/prompts/${promptId}`} className={buttonClass({ variant: 'ghost', size: 'sm', className: 'ml-auto' })}>
          {t('viewPrompt')}
          <Icon name="arrow-right" size={14} />
        </a>
      </div>
    </article>
  );
}
