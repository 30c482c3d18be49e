import { Button } from './Button';

/**
 * The "Load more" control under a paged list (lists that can grow come a page at a
 * time). A real <button>, so keyboard users reach it with Tab; while the next page loads it
 * says so and is busy, and it is gone once the list has no next page.
 */
export function LoadMore({
  hasMore,
  busy,
  onClick,
  label,
  busyLabel,
}: {
  hasMore: boolean;
  busy: boolean;
  onClick: () => void;
  label: string;
  busyLabel: string;
}) {
  if (!hasMore) return null;
  return (
    <div className="mt-4 flex justify-center">
      <Button variant="outline" onClick={onClick} disabled={busy} aria-busy={busy} data-testid="load-more">
        {busy ? busyLabel : label}
      </Button>
    </div>
  );
}
