import { useEffect, useRef, useState } from 'react';
import { $currentUser } from '../client/current-user';
import { bookmarkOrAskToSignIn, COPIED_RESET_MS, copyContent, recordUseAndCopy, share } from '../client/prompt-actions';
import { Icon } from '../ui/Icon';
import { BookmarkButton } from '../ui/PromptControls';
import { Tooltip } from '../ui/Tooltip';
import { useHydratedStore } from '../ui/hooks';
import { pageT } from '../client/strings';
import { translator, type Strings } from '../shared/strings';
import type { ScopeOf } from '../shared/string-specs';
import { AddToCollectionButton } from './library/AddToCollection';
import { SignedInBookmark } from './library/bookmark';
import { Button } from '../ui/Button';
import { preloadFillPanel, useFillPanel } from './fill/useFillPanel';
import { saveCopy, useAuthorship } from '../client/prompt-copies';

interface Props {
  id: number;
  title: string;
  shareUrl: string;
  /** The author's public account (null: a pen name, the house's): its author is offered no copy of their own. */
  authorId: number | null;
  /** The content has fill-in variables: Copy Prompt opens the fill-in panel first. */
  fill?: boolean;
  /** `STRING_SPECS.detail`. */
  strings: Strings<ScopeOf<'detail'>>;
}

/**
 * The detail page's actions: Copy Prompt (records a use and copies; reads
 * "Copied!" for 2 seconds; a prompt with variables is filled in first, in the fill-in panel), Bookmark/Bookmarked (visitors are asked to sign in), Add to
 * collection (signed in), Share (native share, else the URL is copied: "Link copied"), Save a
 * copy (into the viewer's own library; not to its author; visitors are asked to sign in).
 */
export default function PromptActions({ id, title, shareUrl, authorId, fill = false, strings }: Props) {
  const t = translator(strings);
  const user = useHydratedStore($currentUser, undefined);
  const own = useAuthorship(id, authorId);
  const [busy, setBusy] = useState(false);
  const [saving, setSaving] = useState(false);
  const [copied, setCopied] = useState(false);
  const reset = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(reset.current), []);

  const showCopied = () => {
    setCopied(true);
    clearTimeout(reset.current);
    reset.current = setTimeout(() => setCopied(false), COPIED_RESET_MS);
  };
  const panel = useFillPanel(id, showCopied);

  const onCopy = async () => {
    if (fill) return panel.open();
    if (busy) return;
    setBusy(true);
    const ok = await recordUseAndCopy(id);
    setBusy(false);
    if (ok) showCopied();
  };

  return (
    <div className="js-only mb-4 grid grid-cols-2 gap-2 sm:flex sm:flex-wrap sm:items-center">
      <Button
        variant="primary"
        className="col-span-2 px-5"
        data-use-prompt={id}
        data-copied={copied || undefined}
        data-testid="copy-prompt"
        aria-busy={busy || undefined}
        aria-haspopup={fill ? 'dialog' : undefined}
        onPointerEnter={fill ? preloadFillPanel : undefined}
        onFocus={fill ? preloadFillPanel : undefined}
        onClick={() => void onCopy()}
      >
        <Icon name={copied ? 'check' : 'copy'} size={18} />
        <span data-copy-label="">{copied ? t('common:actions.copied') : t('actions.copyPrompt')}</span>
      </Button>
      {user ? (
        <SignedInControls id={id} off={t('actions.bookmark')} />
      ) : (
        <BookmarkButton label={t('actions.bookmark')} size="md" onClick={() => void bookmarkOrAskToSignIn(id)} />
      )}
      <Button variant="outline" data-share="" data-share-url={shareUrl} data-testid="share" onClick={() => void share(shareUrl, title)}>
        <Icon name="share" size={16} />
        {t('actions.share')}
      </Button>
      {!own && (
        <Button
          variant="outline"
          data-testid="save-copy"
          aria-busy={saving || undefined}
          onClick={() => {
            if (saving) return;
            setSaving(true);
            void saveCopy(id).finally(() => setSaving(false));
          }}
        >
          <Icon name="folder-plus" size={16} />
          {t('copies.save')}
        </Button>
      )}
      {panel.panel}
    </div>
  );
}

/** A signed-in user's Bookmark/Bookmarked and Add to collection (only after hydration): their other labels are the page's. */
function SignedInControls({ id, off }: { id: number; off: string }) {
  const t = pageT();
  return (
    <>
      <SignedInBookmark id={id} size="md" labels={{ off, on: t('prompts:actions.bookmarked') }} />
      <AddToCollectionButton promptId={id} size="md" label={t('common:library.collections.add')} />
    </>
  );
}

/** The copy-to-clipboard icon of the content block ("Copied to clipboard"). */
export function CopyContentButton({ id, strings }: { id: number; strings: Strings<ScopeOf<'detail'>> }) {
  const t = translator(strings);
  const label = t('actions.copyToClipboard');
  return (
    <Tooltip label={label}>
      <Button variant="icon" className="js-only size-8" aria-label={label} data-testid="copy-icon" onClick={() => void copyContent(id)}>
        <Icon name="copy" size={16} />
      </Button>
    </Tooltip>
  );
}
