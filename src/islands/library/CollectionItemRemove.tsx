import { useState } from 'react';
import { useT, withStrings } from '../../client/strings';
import { queueToastForNextPage, reserveToast } from '../../ui/toast-store';
import type { ScopeOf } from '../../shared/string-specs';
import type { Strings } from '../../shared/strings';
import { library } from './bookmark';
import { Button } from '../../ui/Button';

interface Props {
  collectionId: number;
  promptId: number;
  /** The prompt's title, for the button's accessible name. */
  title: string;
  /** The `collectionItem` bundle: only the remove button's words (one per card). */
  strings: Strings<ScopeOf<'collectionItem'>>;
}

/**
 * The owner's "Remove from collection" under a card of /collections/{id}. The page reloads
 * after success: it is private and uncached, and the server renders the count and the empty
 * state.
 */
export default withStrings(CollectionItemRemove);

function CollectionItemRemove({ collectionId, promptId, title }: Props) {
  const t = useT<ScopeOf<'collectionItem'>>();
  const [busy, setBusy] = useState(false);
  const onClick = async () => {
    const toast = reserveToast();
    setBusy(true);
    try {
      await (await library()).removeFromCollection(collectionId, promptId);
      queueToastForNextPage({ title: t('collectionView.removed') });
      location.reload();
    } catch (error) {
      console.error(error);
      toast({ variant: 'destructive', title: t('collectionView.removeFailed.title'), description: t('collectionView.removeFailed.description') });
      setBusy(false);
    }
  };
  return (
    <Button
      icon="x"
      variant="outline"
      size="sm"
      className="js-only self-start"
      disabled={busy}
      aria-label={t('collectionView.removeLabel', { title })}
      data-testid="remove-from-collection"
      onClick={() => void onClick()}
    >
      {t('collectionView.remove')}
    </Button>
  );
}
