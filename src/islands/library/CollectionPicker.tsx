import { useEffect, useState, type FormEvent } from 'react';
import { COLLECTION_LIMITS, collectionRequest, QUICK_COLLECTION_DESCRIPTION, type CollectionView } from '../../../modules/collections/contracts';
import { HttpError } from '../../client/http';
import { addToCollection, allPages, createCollection, myCollections, tooFast } from '../../client/library';
import { pageT } from '../../client/strings';
import { reserveToast } from '../../ui/toast-store';
import { Dialog } from '../../ui/Dialog';
import { formMessage, type FormIssue } from '../../shared/form-messages';
import { Icon } from '../../ui/Icon';
import { Button } from '../../ui/Button';
import { FieldError } from '../../ui/FieldError';
import { Input } from '../../ui/Input';
import { Label } from '../../ui/Label';

/**
 * A name issue (a local parse's or the server's) in the page's language; other text as it is.
 * The page's bundle holds the name's messages (`STRING_SPECS.page`): the picker asks only for a name.
 */
function translated(issue: (FormIssue & { message: string }) | undefined): string | undefined {
  if (!issue) return undefined;
  // A local parse of the name alone reports no path.
  const chosen = formMessage('collection', { ...issue, path: issue.path.length ? issue.path : ['name'] });
  return chosen ? pageT()(chosen.qualified, chosen.values) : issue.message;
}

/**
 * The add-to-collection dialog: the user's collections (one click adds), or a new one by name.
 * Opened by a click on cards and the detail page, so it reads the page's own strings (`pageT()`).
 */
export default function CollectionPicker({ promptId, open, onClose }: { promptId: number; open: boolean; onClose: () => void }) {
  const t = pageT();
  const [collections, setCollections] = useState<CollectionView[] | null>(null);
  const [name, setName] = useState('');
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (!open) return;
    setCollections(null);
    allPages(myCollections)
      .then(setCollections)
      .catch((e) => {
        console.error(e);
        setCollections([]);
      });
  }, [open]);

  const add = async (collection: Pick<CollectionView, 'id' | 'name'>) => {
    const toast = reserveToast();
    setBusy(true);
    try {
      await addToCollection(collection.id, promptId);
      toast({ title: t('common:library.collections.added', { name: collection.name }) });
      onClose();
    } catch (e) {
      console.error(e);
      toast({
        variant: 'destructive',
        title: t('common:library.collections.addFailed'),
        description: t('common:library.bookmarkFailed.description'),
        ...tooFast(e, t('common:library.tooFast')),
      });
    } finally {
      setBusy(false);
    }
  };

  const create = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = collectionRequest.shape.name.safeParse(name);
    if (!parsed.success) return setError(translated(parsed.error.issues[0]));
    setError(undefined);
    setBusy(true);
    try {
      const created = await createCollection({ name: parsed.data, description: QUICK_COLLECTION_DESCRIPTION, isPublic: false });
      setName('');
      await add(created);
    } catch (e) {
      console.error(e);
      const toast = reserveToast();
      toast({
        variant: 'destructive',
        title: t('common:library.collections.createFailed.title'),
        description:
          (e instanceof HttpError && translated(e.issues[0])) ||
          tooFast(e, t('common:library.tooFast'))?.description ||
          t('common:library.collections.createFailed.description'),
      });
      setBusy(false);
    }
  };

  return (
    <Dialog open={open} onClose={onClose} title={t('common:library.collections.title')} closeLabel={t('common:actions.close')}>
      <div data-testid="collection-picker">
        {collections === null ? (
          <p className="text-sm text-muted-foreground" role="status">
            {t('common:client.loading')}
          </p>
        ) : collections.length === 0 ? (
          <p className="text-sm text-muted-foreground">{t('common:library.collections.empty')}</p>
        ) : (
          <ul className="max-h-64 space-y-1.5 overflow-y-auto">
            {collections.map((c) => (
              <li key={c.id}>
                <Button variant="outline" className="w-full justify-start" disabled={busy} onClick={() => void add(c)} data-testid="pick-collection">
                  <Icon name="folder" size={16} />
                  <span className="truncate">{c.name}</span>
                  <span className="ml-auto text-xs text-muted-foreground">{c.promptCount}</span>
                </Button>
              </li>
            ))}
          </ul>
        )}
        <form className="mt-5 space-y-2 border-t border-border pt-5" onSubmit={(e) => void create(e)} noValidate>
          <Label htmlFor={`new-collection-${promptId}`}>{t('common:library.collections.newName')}</Label>
          <div className="flex gap-2">
            <Input
              id={`new-collection-${promptId}`}
              value={name}
              maxLength={COLLECTION_LIMITS.name.max}
              onChange={(e) => setName(e.target.value)}
              invalid={!!error}
              aria-describedby={error ? `new-collection-${promptId}-error` : undefined}
              data-testid="new-collection-name"
            />
            <Button type="submit" variant="primary" className="shrink-0" disabled={busy} data-testid="create-and-add">
              <Icon name="plus" size={16} />
              {t('common:library.collections.create')}
            </Button>
          </div>
          {error && (
            <FieldError id={`new-collection-${promptId}-error`} data-testid="error-name">
              {error}
            </FieldError>
          )}
          <a href="/dashboard/collections" className="inline-block pt-1 text-sm font-medium text-link hover:underline">
            {t('common:library.collections.view')}
          </a>
        </form>
      </div>
    </Dialog>
  );
}
