import { type CollectionView } from '../../../modules/collections/contracts';
import { useT } from '../../client/strings';
import type { ScopeOf } from '../../shared/string-specs';
import type { Strings, T } from '../../shared/strings';
import { deleteCollection } from '../../client/library';
import { reserveToast } from '../../ui/toast-store';
import type { Language } from '../../i18n/languages';
import { formatDate } from '../../shared/format';
import { EmptyState } from '../../ui/EmptyState';
import { Icon } from '../../ui/Icon';
import { Button, buttonClass } from '../../ui/Button';

/** Props of the dashboard's library islands: the `library` bundle (the `dashboard:library` strings; its language is the page's). */
export interface LibraryProps {
  strings: Strings<ScopeOf<'library'>>;
}

/** The `t` of the library islands: keys relative to `dashboard:library.`. */
export type LibraryT = T<ScopeOf<'library'>>;

export function VisibilityBadge({ isPublic }: { isPublic: boolean }) {
  const t = useT<ScopeOf<'library'>>();
  return (
    <span
      className={`inline-flex items-center gap-1 rounded-full px-2 py-0.5 text-xs font-medium ${isPublic ? 'bg-accent text-accent-foreground' : 'bg-muted text-muted-foreground'}`}
      data-testid="visibility"
    >
      <Icon name={isPublic ? 'globe' : 'lock'} size={12} />
      {isPublic ? t('public') : t('private')}
    </span>
  );
}

/**
 * Deletes a collection after a confirmation; resolves true once it is gone
 * ("Collection deleted"; "Failed to delete collection" otherwise).
 */
export async function confirmAndDelete(collection: CollectionView, t: LibraryT): Promise<boolean> {
  if (!window.confirm(t('confirmDelete'))) return false;
  const toast = reserveToast();
  try {
    await deleteCollection(collection.id);
    toast({ title: t('collectionDeleted') });
    return true;
  } catch (error) {
    console.error(error);
    toast({ variant: 'destructive', title: t('deleteFailed.title'), description: t('deleteFailed.description') });
    return false;
  }
}

/** A collection card: name, description or "No description", visibility, count, created date, View, Delete. */
export function CollectionCard({
  collection,
  lng,
  viewLabel,
  showCount,
  onDelete,
}: {
  collection: CollectionView;
  lng: Language;
  viewLabel: string;
  showCount: boolean;
  onDelete: () => void;
}) {
  const t = useT<ScopeOf<'library'>>();
  return (
    <article className="card flex flex-col p-5" data-testid="collection-card" aria-labelledby={`collection-${collection.id}`}>
      <div className="flex items-start justify-between gap-3">
        <h3 id={`collection-${collection.id}`} className="min-w-0 text-base font-semibold break-words">
          <a href={`/collections/${collection.id}`} className="hover:underline">
            {collection.name}
          </a>
        </h3>
        <VisibilityBadge isPublic={collection.isPublic} />
      </div>
      <p className="mt-2 line-clamp-2 text-sm text-muted-foreground">{collection.description || t('noDescription')}</p>
      <p className="mt-4 flex flex-wrap items-center gap-x-4 gap-y-1 text-xs text-muted-foreground">
        {showCount && (
          <span className="inline-flex items-center gap-1" data-testid="prompt-count">
            <Icon name="library" size={13} />
            {t('promptCount', { count: collection.promptCount })}
          </span>
        )}
        <span className="inline-flex items-center gap-1">
          <Icon name="calendar" size={13} />
          <time dateTime={collection.createdAt}>{t('createdOn', { date: formatDate(collection.createdAt, lng) })}</time>
        </span>
      </p>
      <div className="mt-5 flex items-center gap-2 border-t border-border pt-4">
        <a href={`/collections/${collection.id}`} className={buttonClass({ variant: 'primary', size: 'sm' })}>
          {viewLabel}
          <Icon name="arrow-right" size={14} />
        </a>
        <Button
          icon="trash"
          variant="ghost"
          size="sm"
          className="ml-auto text-destructive"
          aria-label={t('deleteLabel', { name: collection.name })}
          data-testid="delete-collection"
          onClick={onDelete}
        >
          {t('delete')}
        </Button>
      </div>
    </article>
  );
}

/** The user's collections as cards: placeholders while loading, the empty state when there are none. */
export function CollectionGrid({
  list,
  lng,
  viewLabel,
  showCount,
  onDelete,
}: {
  list: CollectionView[] | null;
  lng: Language;
  viewLabel: string;
  showCount: boolean;
  onDelete: (collection: CollectionView) => void;
}) {
  const t = useT<ScopeOf<'library'>>();
  if (list === null) return <LoadingGrid />;
  if (list.length === 0) return <EmptyState icon="folder" title={t('collectionsEmpty.title')} description={t('collectionsEmpty.description')} />;
  return (
    <div className="grid grid-cols-1 gap-5 sm:grid-cols-2 lg:grid-cols-3" data-testid="collection-grid">
      {list.map((c) => (
        <CollectionCard key={c.id} collection={c} lng={lng} viewLabel={viewLabel} showCount={showCount} onDelete={() => onDelete(c)} />
      ))}
    </div>
  );
}

export function LoadingGrid() {
  const t = useT<ScopeOf<'library'>>();
  return (
    <div className="grid grid-cols-1 gap-5 sm:grid-cols-2 lg:grid-cols-3" role="status" aria-live="polite" data-testid="library-loading">
      <span className="sr-only">{t('loading')}</span>
      {[0, 1, 2].map((i) => (
        <div key={i} className="card h-44 animate-pulse bg-muted/60" />
      ))}
    </div>
  );
}
