import { useState, type MouseEvent } from 'react';
import { $currentUser } from '../client/current-user';
import { askToSignInToBookmark, recordUseAndCopy } from '../client/prompt-actions';
import { isPlainClick } from '../client/language';
import { Icon } from '../ui/Icon';
import { BookmarkButton } from '../ui/PromptControls';
import { Tooltip } from '../ui/Tooltip';
import { useHydrated, useHydratedStore } from '../ui/hooks';
import { messages } from '../client/messages';
import { AddToCollectionButton } from './library/AddToCollection';
import { SignedInBookmark } from './library/bookmark';
import { buttonClass } from '../ui/Button';

export interface CardLabels {
  usePrompt: string;
  viewDetails: string;
  save: string;
  bookmark: string;
}

interface Props {
  id: number;
  variant: 'default' | 'featured';
  labels: CardLabels;
  /** "View details of {title}" for assistive technology. */
  viewLabel?: string;
}

/**
 * The action row of a prompt card. "Use Prompt" is a link to the detail page until this
 * hydrates (and for new-tab clicks); hydrated, it records a use and copies the content.
 * Save / the bookmark icon: visitors are asked to sign in; signed-in users
 * toggle Save/Saved and get "Add to collection" (its code loads only for them).
 */
export default function CardActions({ id, variant, labels, viewLabel }: Props) {
  const user = useHydratedStore($currentUser, undefined);
  const hydrated = useHydrated();
  const [busy, setBusy] = useState(false);
  const href = `/prompts/${id}`;
  const onUse = (event: MouseEvent<HTMLAnchorElement>) => {
    if (!isPlainClick(event)) return;
    event.preventDefault();
    if (busy) return;
    setBusy(true);
    void recordUseAndCopy(id).finally(() => setBusy(false));
  };
  const use = (
    <a
      href={href}
      // A link until hydrated (it opens the prompt); then a button that copies it.
      role={hydrated ? 'button' : undefined}
      className={buttonClass({ variant: 'primary', size: 'sm', className: variant === 'featured' ? 'ml-auto' : undefined })}
      data-use-prompt={id}
      data-testid="use-prompt"
      aria-busy={busy || undefined}
      onClick={onUse}
      onKeyDown={(e) => {
        if (e.key === ' ') {
          e.preventDefault();
          e.currentTarget.click();
        }
      }}
    >
      <Icon name="copy" size={variant === 'featured' ? 15 : 14} />
      {labels.usePrompt}
    </a>
  );
  const bookmark = (iconOnly: boolean) => {
    if (!user) return <BookmarkButton label={iconOnly ? labels.bookmark : labels.save} iconOnly={iconOnly} onClick={askToSignInToBookmark} />;
    const m = messages().library;
    return (
      <>
        <SignedInBookmark id={id} iconOnly={iconOnly} labels={iconOnly ? { off: labels.bookmark, on: m.bookmarked } : { off: labels.save, on: m.saved }} />
        <AddToCollectionButton promptId={id} label={m.collections.add} />
      </>
    );
  };

  if (variant === 'featured') {
    return (
      <>
        {bookmark(true)}
        {use}
      </>
    );
  }
  return (
    <>
      {bookmark(false)}
      {use}
      <Tooltip label={labels.viewDetails}>
        <a href={href} className={buttonClass({ variant: 'ghost', size: 'sm', className: 'ml-auto px-2.5' })} aria-label={viewLabel}>
          {/* Signed in, the row holds one more button: the label needs a wider card. */}
          <span className={user ? 'hidden @[24rem]:inline' : 'hidden @[20rem]:inline'}>{labels.viewDetails}</span>
          <Icon name="arrow-right" size={14} />
        </a>
      </Tooltip>
    </>
  );
}
