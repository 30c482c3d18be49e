import { useEffect, useId, useState } from 'react';
import { COLLECTION_LIMITS, collectionForm, type CollectionView } from '../../../modules/collections/contracts';
import { createCollection, myCollections } from '../../client/library';
import { usePaged } from '../../client/paged';
import { LoadMore } from '../../ui/LoadMore';
import { showToast } from '../../client/toast-store';
import { Dialog } from '../../ui/Dialog';
import { Field } from '../../ui/Field';
import { Submit } from '../../ui/Submit';
import { useForm } from '../../ui/useForm';
import { Icon } from '../../ui/Icon';
import { confirmAndDelete, type LibraryProps, CollectionGrid } from './shared';
import { Button } from '../../ui/Button';
import { FieldError } from '../../ui/FieldError';
import { Label } from '../../ui/Label';
import { Textarea } from '../../ui/Textarea';
import { useT, withStrings } from '../../client/strings';
import type { ScopeOf } from '../../shared/string-specs';

/**
 * /dashboard/collections: the user's collections as a grid (visibility,
 * prompt count, created date, View, Delete) and the New Collection dialog (
 * name 3-50, description 10-200, isPublic; the contract's rules and messages).
 */
export default withStrings(Collections);

function Collections({ strings: { lng } }: LibraryProps) {
  const t = useT<ScopeOf<'library'>>();
  // A page at a time; Load more under the grid asks for the next.
  const { items: list, setItems: setList, reload, more } = usePaged(myCollections);
  const [open, setOpen] = useState(false);
  useEffect(() => void reload(), [reload]);

  const remove = async (c: CollectionView) => {
    if (await confirmAndDelete(c, t)) setList((l) => (l ?? []).filter((x) => x.id !== c.id));
  };

  return (
    <>
      <div className="mb-6 flex justify-end">
        <Button variant="primary" onClick={() => setOpen(true)} aria-haspopup="dialog" data-testid="new-collection">
          <Icon name="plus" size={16} />
          {t('newCollection')}
        </Button>
      </div>
      <CollectionGrid list={list} lng={lng} viewLabel={t('view')} showCount onDelete={(c) => void remove(c)} />
      <LoadMore {...more} label={t('loadMore')} busyLabel={t('loadingMore')} />
      <Dialog open={open} onClose={() => setOpen(false)} title={t('dialog.title')} closeLabel={t('close')}>
        <NewCollectionForm
          onCreated={(c) => {
            setList((l) => [c, ...(l ?? [])]);
            setOpen(false);
            showToast({ title: t('collectionCreated') });
          }}
        />
      </Dialog>
    </>
  );
}

function NewCollectionForm({ onCreated }: { onCreated: (c: CollectionView) => void }) {
  const t = useT<ScopeOf<'library'>>();
  const form = useForm(collectionForm, { initial: { name: '', description: '', isPublic: false }, form: 'collection' });
  const descriptionId = useId();
  const publicId = useId();
  const descriptionError = form.errors.description;
  return (
    <form
      noValidate
      className="space-y-5"
      data-testid="new-collection-form"
      onSubmit={(e) =>
        void form.submit(async (data) => onCreated(await createCollection(data)), {
          title: t('createFailed.title'),
          description: t('createFailed.description'),
        })(e)
      }
    >
      <Field label={t('dialog.name')} {...form.field('name')} placeholder={t('dialog.namePlaceholder')} autoFocus />
      <div className="space-y-1.5">
        <Label htmlFor={descriptionId}>{t('dialog.description')}</Label>
        <Textarea
          id={descriptionId}
          name="description"
          rows={3}
          maxLength={COLLECTION_LIMITS.description.max}
          className="min-h-20"
          placeholder={t('dialog.descriptionPlaceholder')}
          value={form.values.description ?? ''}
          onChange={(e) => form.set('description')(e.target.value)}
          invalid={!!descriptionError}
          aria-describedby={descriptionError ? `${descriptionId}-error` : undefined}
        />
        {descriptionError && (
          <FieldError id={`${descriptionId}-error`} data-testid="error-description">
            {descriptionError}
          </FieldError>
        )}
      </div>
      <div className="flex items-start gap-3">
        <input
          id={publicId}
          type="checkbox"
          className="mt-0.5 size-4 accent-[var(--color-primary)]"
          checked={form.values.isPublic ?? false}
          onChange={(e) => form.set('isPublic')(e.target.checked)}
          aria-describedby={`${publicId}-help`}
          data-testid="collection-public"
        />
        <div>
          <Label htmlFor={publicId}>{t('dialog.isPublic')}</Label>
          <p id={`${publicId}-help`} className="text-xs text-muted-foreground">
            {t('dialog.isPublicHelp')}
          </p>
        </div>
      </div>
      <Submit busy={form.busy} label={t('dialog.submit')} busyLabel={t('dialog.busy')} testId="create-collection" />
    </form>
  );
}
