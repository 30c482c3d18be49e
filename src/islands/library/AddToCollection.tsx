import { lazy, Suspense, useState } from 'react';
import { Button } from '../../ui/Button';
import { Icon } from '../../ui/Icon';
import { Tooltip } from '../../ui/Tooltip';

// The dialog (and the form kit it uses) loads on the first click only.
const CollectionPicker = lazy(() => import('./CollectionPicker'));

/**
 * "Add to collection" on cards and the detail page (nothing else offers a way to fill a
 * collection; users need one): opens a dialog listing the user's collections, with create-new.
 */
export function AddToCollectionButton({ promptId, size = 'sm', label }: { promptId: number; size?: 'sm' | 'md'; label: string }) {
  const [open, setOpen] = useState(false);
  const [wanted, setWanted] = useState(false);
  return (
    <>
      <Tooltip label={label}>
        <Button
          variant={size === 'sm' ? 'icon' : 'outline'}
          className="js-only"
          aria-label={size === 'sm' ? label : undefined}
          aria-haspopup="dialog"
          data-testid="add-to-collection"
          onClick={() => {
            setWanted(true);
            setOpen(true);
          }}
        >
          <Icon name="folder-plus" size={size === 'sm' ? 18 : 16} />
          {size === 'md' && label}
        </Button>
      </Tooltip>
      {wanted && (
        <Suspense fallback={null}>
          <CollectionPicker promptId={promptId} open={open} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
