import { useState, type MouseEvent } from 'react';
import { $currentUser } from '../client/current-user';
import { bookmarkOrAskToSignIn, recordUseAndCopy } from '../client/prompt-actions';
import { isPlainClick } from '../client/language';
import { Icon } from '../ui/Icon';
import { BookmarkButton } from '../ui/PromptControls';
import { Tooltip } from '../ui/Tooltip';
import { useHydrated, useHydratedStore } from '../ui/hooks';
import { pageT } from '../client/strings';
import { translator, type Strings } from '../shared/strings';
import type { ScopeOf } from '../shared/string-specs';
import { AddToCollectionButton } from './library/AddToCollection';
import { SignedInBookmark } from './library/bookmark';
import { buttonClass } from '../ui/Button';
import { preloadFillPanel, useFillPanel } from './fill/useFillPanel';

interface Props {
  id: number;
  variant: 'default' | 'featured';
  /** The content has fill-in variables: Use Prompt opens the fill-in panel first. */
  fill?: boolean;
  /** `STRING_SPECS.card`: one object for every card of the page. */
  strings: Strings<ScopeOf<'card'>>;
  /** The prompt's title, for the details link's accessible name ("View Details: {title}"). */
  title?: string;
}

/**
 * The action row of a prompt card. "Use Prompt" is a link to the detail page until this
 * hydrates (and for new-tab clicks); hydrated, it records a use and copies the content (a
 * prompt with variables opens the fill-in panel first).
 * Save / the bookmark icon: visitors are asked to sign in; signed-in users
 * toggle Save/Saved and get "Add to collection" (its code loads only for them).
 */
export default function CardActions({ id, variant, fill = false, strings, title }: Props) {
  const t = translator(strings);
  const user = useHydratedStore($currentUser, undefined);
  const hydrated = useHydrated();
  const [busy, setBusy] = useState(false);
  const panel = useFillPanel(id);
  const href = `/prompts/${id}`;
  const onUse = (event: MouseEvent<HTMLAnchorElement>) => {
    if (!isPlainClick(event)) return;
    event.preventDefault();
    if (fill) return panel.open();
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
      aria-haspopup={fill && hydrated ? 'dialog' : undefined}
      onPointerEnter={fill ? preloadFillPanel : undefined}
      onFocus={fill ? preloadFillPanel : undefined}
      onClick={onUse}
      onKeyDown={(e) => {
        if (e.key === ' ') {
          e.preventDefault();
          e.currentTarget.click();
        }
      }}
    >
      <Icon name="copy" size={variant === 'featured' ? 15 : 14} />
      {t('actions.usePrompt')}
    </a>
  );
  const withPanel = (
    <>
      {use}
      {panel.panel}
    </>
  );
  const bookmark = (iconOnly: boolean) => {
    const off = iconOnly ? t('actions.bookmark') : t('actions.save');
    if (!user) return <BookmarkButton label={off} iconOnly={iconOnly} onClick={() => void bookmarkOrAskToSignIn(id)} />;
    return <SignedInControls id={id} iconOnly={iconOnly} off={off} />;
  };

  if (variant === 'featured') {
    return (
      <>
        {bookmark(true)}
        {withPanel}
      </>
    );
  }
  return (
    <>
      {bookmark(false)}
      {withPanel}
      <Tooltip label={t('actions.viewDetails')}>
        <a
          href={href}
          className={buttonClass({ variant: 'ghost', size: 'sm', className: 'ml-auto px-2.5' })}
          aria-label={title === undefined ? undefined : t('actions.viewDetailsOf', { title })}
        >
          {/* Signed in, the row holds one more button: the label needs a wider card. */}
          <span className={user ? 'hidden @[24rem]:inline' : 'hidden @[20rem]:inline'}>{t('actions.viewDetails')}</span>
          <Icon name="arrow-right" size={14} />
        </a>
      </Tooltip>
    </>
  );
}

/** A signed-in user's bookmark toggle and Add to collection (only after hydration): their other labels are the page's. */
function SignedInControls({ id, iconOnly, off }: { id: number; iconOnly: boolean; off: string }) {
  const t = pageT();
  return (
    <>
      <SignedInBookmark id={id} iconOnly={iconOnly} labels={{ off, on: iconOnly ? t('prompts:actions.bookmarked') : t('prompts:actions.saved') }} />
      <AddToCollectionButton promptId={id} label={t('common:library.collections.add')} />
    </>
  );
}
