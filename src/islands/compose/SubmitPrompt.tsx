import { lazy, Suspense, useState } from 'react';
import { $currentUser } from '../../client/current-user';
import { LIST_REFRESH_EVENT } from '../../client/live-list';
import { Icon } from '../../ui/Icon';
import { useHydratedStore } from '../../ui/hooks';
import { useT, withStrings } from '../../client/strings';
import type { ScopeOf } from '../../shared/string-specs';
import type { CategoryOption, ReviewProps } from '../shared/review-parts';
import { Button, buttonClass } from '../../ui/Button';

// Loaded on first open: keeps zod and the form kit off the first load of /prompts and
// /community (JS budget, docs/benchmarks.md).
const SubmitDialog = lazy(() => import('./SubmitDialog'));

interface Props extends ReviewProps {
  categories: readonly CategoryOption[];
  /** community: the Community page's Submit Prompt button; browse: the toggle plus Create Prompt. */
  variant: 'browse' | 'community';
}

/**
 * The submit-prompt toggle of /prompts and /community. The page is the same
 * for everyone, so who is signed in is known only here: Create Prompt shows for signed-in
 * users, and the dialog offers a visitor a sign-in call instead of the form.
 */
export default withStrings(SubmitPrompt);

function SubmitPrompt({ categories, variant }: Props) {
  const t = useT<ScopeOf<'review'>>();
  const user = useHydratedStore($currentUser, undefined);
  const [open, setOpen] = useState(false);
  const [loaded, setLoaded] = useState(false);
  const show = () => {
    setLoaded(true);
    setOpen(true);
  };
  const done = () => {
    setOpen(false);
    window.dispatchEvent(new Event(LIST_REFRESH_EVENT));
  };
  return (
    <div className="flex flex-wrap items-center gap-2">
      {variant === 'browse' && user && (
        <a href="/prompts/create" className={buttonClass({ variant: 'primary' })} data-testid="create-prompt-link">
          <Icon name="plus" size={16} />
          {t('create.title')}
        </a>
      )}
      <Button
        variant={variant === 'browse' && user ? 'outline' : 'primary'}
        aria-haspopup="dialog"
        aria-expanded={open}
        onClick={show}
        data-testid="submit-prompt-toggle"
      >
        <Icon name="send" size={16} />
        {variant === 'browse' ? t('submit.toggle') : t('submit.button')}
      </Button>
      {loaded && (
        <Suspense fallback={null}>
          <SubmitDialog
            open={open}
            onClose={() => setOpen(false)}
            onDone={done}
            signedIn={Boolean(user)}
            userName={user?.name}
            categories={categories}
            community={variant === 'community'}
          />
        </Suspense>
      )}
    </div>
  );
}
