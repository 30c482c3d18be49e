import { useState } from 'react';
import { queueToastForNextPage, reserveToast } from '../../client/toast-store';
import { Icon } from '../../ui/Icon';
import { library } from './bookmark';
import { Button } from '../../ui/Button';

interface Props {
  collectionId: number;
  promptId: number;
  labels: { remove: string; removeLabel: string; removed: string; failed: string; failedDescription: string };
}

/**
 * The owner's "Remove from collection" under a card of /collections/{id}. The page reloads
 * after success: it is private and uncached, and the server renders the count and the empty
 * state.
 */
export default function CollectionItemRemove({ collectionId, promptId, labels }: Props) {
  const [busy, setBusy] = useState(false);
  const onClick = async () => {
    const toast = reserveToast();
    setBusy(true);
    try {
      await (await library()).removeFromCollection(collectionId, promptId);
      queueToastForNextPage({ title: labels.removed });
      location.reload();
    } catch (error) {
      console.error(error);
      toast({ variant: 'destructive', title: labels.failed, description: labels.failedDescription });
      setBusy(false);
    }
  };
  return (
    <Button
      variant="outline"
      size="sm"
      className="js-only self-start"
      disabled={busy}
      aria-label={labels.removeLabel}
      data-testid="remove-from-collection"
      onClick={() => void onClick()}
    >
      <Icon name="x" size={14} />
      {labels.remove}
    </Button>
  );
}
