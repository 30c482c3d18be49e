import { useEffect, useState, type FormEvent } from 'react';
import { COLLECTION_LIMITS, collectionRequest, QUICK_COLLECTION_DESCRIPTION, type CollectionView } from '../../../modules/collections/contracts';
import { HttpError } from '../../client/http';
import { addToCollection, createCollection, allPages, myCollections, tooFast } from '../../client/library';
import type { ClientMessages } from '../../shared/client-messages';
import { reserveToast } from '../../client/toast-store';
import { Dialog } from '../../ui/Dialog';
import { formMessage, type FormIssue } from '../../shared/form-messages';
import { Icon } from '../../ui/Icon';
import { Button } from '../../ui/Button';
import { FieldError } from '../../ui/FieldError';
import { Input } from '../../ui/Input';
import { Label } from '../../ui/Label';

type M = ClientMessages['library']['collections'];

/** A name issue (a local parse's or the server's) in the page's language; other text as it is. */
function translated(issue: (FormIssue & { message: string }) | undefined, m: M): string | undefined {
  if (!issue) return undefined;
  // A local parse of the name alone reports no path.
  const chosen = formMessage('collection', { ...issue, path: issue.path.length ? issue.path : ['name'] });
  return (chosen && m.validation[chosen.key]) || issue.message;
}

/** The add-to-collection dialog: the user's collections (one click adds), or a new one by name. */
export default function CollectionPicker({ promptId, open, onClose, m }: { promptId: number; open: boolean; onClose: () => void; m: M }) {
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
      toast({ title: m.added.replace('{{name}}', collection.name) });
      onClose();
    } catch (e) {
      console.error(e);
      toast({ variant: 'destructive', ...m.addFailed, ...tooFast(e, m.tooFast) });
    } finally {
      setBusy(false);
    }
  };

  const create = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = collectionRequest.shape.name.safeParse(name);
    if (!parsed.success) return setError(translated(parsed.error.issues[0], m));
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
        ...m.createFailed,
        description: (e instanceof HttpError && translated(e.issues[0], m)) || tooFast(e, m.tooFast)?.description || m.createFailed.description,
      });
      setBusy(false);
    }
  };

  return (
    <Dialog open={open} onClose={onClose} title={m.title} closeLabel={m.close}>
      <div data-testid="collection-picker">
        {collections === null ? (
          <p className="text-sm text-muted-foreground" role="status">
            {m.loading}
          </p>
        ) : collections.length === 0 ? (
          <p className="text-sm text-muted-foreground">{m.empty}</p>
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
          <Label htmlFor={`new-collection-${promptId}`}>{m.newName}</Label>
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
              {m.create}
            </Button>
          </div>
          {error && (
            <FieldError id={`new-collection-${promptId}-error`} data-testid="error-name">
              {error}
            </FieldError>
          )}
          <a href="/dashboard/collections" className="inline-block pt-1 text-sm font-medium text-link hover:underline">
            {m.view}
          </a>
        </form>
      </div>
    </Dialog>
  );
}
