import type { MouseEventHandler } from 'react';
import { Button } from './Button';
import { Icon } from './Icon';
import { Tooltip } from './Tooltip';

/**
 * The bookmark control of cards and the detail page: "Save"/"Saved" on cards, "Bookmark"/
 * "Bookmarked" on the detail page, or an icon (featured cards). Presentational: the island
 * decides what a click does (for now visitors are asked to sign in; the bookmarks issue
 * wires signed-in users through `$bookmarkedIds`).
 */
export function BookmarkButton({
  label,
  pressed = false,
  busy = false,
  iconOnly = false,
  size = 'sm',
  onClick,
}: {
  label: string;
  pressed?: boolean;
  busy?: boolean;
  iconOnly?: boolean;
  size?: 'sm' | 'md';
  onClick: MouseEventHandler<HTMLButtonElement>;
}) {
  if (iconOnly) {
    return (
      <Tooltip label={label}>
        <Button variant="icon" className="js-only" data-bookmark="" aria-label={label} aria-pressed={pressed} disabled={busy} onClick={onClick}>
          <Icon name="bookmark" size={18} filled={pressed} />
        </Button>
      </Tooltip>
    );
  }
  return (
    <Button variant="outline" size={size} className="js-only" data-bookmark="" aria-pressed={pressed} disabled={busy} onClick={onClick}>
      <Icon name="bookmark" size={size === 'sm' ? 14 : 16} filled={pressed} />
      {label}
    </Button>
  );
}

/** The rating choices of the detail page: Not Helpful (1) and Helpful (5). */
export function RatingChoices({ labels, value, onRate }: { labels: { notHelpful: string; helpful: string }; value?: 1 | 5; onRate: (value: 1 | 5) => void }) {
  return (
    <div className="grid grid-cols-2 gap-2 js-only">
      <Button variant={value === 1 ? 'primary' : 'outline'} data-rate="1" aria-pressed={value === 1} data-testid="rate-not-helpful" onClick={() => onRate(1)}>
        <Icon name="thumbs-down" size={16} />
        {labels.notHelpful}
      </Button>
      <Button variant={value === 5 ? 'primary' : 'outline'} data-rate="5" aria-pressed={value === 5} data-testid="rate-helpful" onClick={() => onRate(5)}>
        <Icon name="thumbs-up" size={16} />
        {labels.helpful}
      </Button>
    </div>
  );
}
