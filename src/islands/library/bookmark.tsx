import { useEffect, useState } from 'react';
import { useStore } from '@nanostores/react';
import { $bookmarkedIds } from '../../client/stores';
import { BookmarkButton } from '../../ui/PromptControls';

/** The library code, fetched only once a signed-in user needs it (visitors never load it). */
export const library = () => import('../../client/library');

/**
 * The signed-in bookmark toggle of cards (Save/Saved, or the icon) and the detail page
 * (Bookmark/Bookmarked): disabled while its call is pending.
 */
export function SignedInBookmark({
  id,
  labels,
  iconOnly = false,
  size = 'sm',
}: {
  id: number;
  labels: { off: string; on: string };
  iconOnly?: boolean;
  size?: 'sm' | 'md';
}) {
  const pressed = useStore($bookmarkedIds).has(id);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    void library().then((l) => l.loadBookmarks());
  }, []);
  const onClick = async () => {
    setBusy(true);
    try {
      await (await library()).toggleBookmark(id);
    } finally {
      setBusy(false);
    }
  };
  return (
    <BookmarkButton label={pressed ? labels.on : labels.off} pressed={pressed} busy={busy} iconOnly={iconOnly} size={size} onClick={() => void onClick()} />
  );
}
