import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { $currentUser } from '../../client/current-user';
import { LIST_REFRESH_EVENT } from '../../client/live-list';
import { Dialog } from '../../ui/form';
import { Icon } from '../../ui/Icon';
import { useHydratedStore } from '../../ui/hooks';
import { ReviewI18n, type CategoryOption, type ReviewI18nProps } from './shared';

// Loaded on first open: keeps zod and the form kit out of the list pages' first load.
const SubmitForm = lazy(() => import('./SubmitForm'));

interface Props extends ReviewI18nProps {
  categories: CategoryOption[];
  /** community: the Community page's Submit Prompt button; browse: the toggle plus Create Prompt. */
  variant: 'browse' | 'community';
}

/**
 * The submit-prompt toggle of /prompts and /community (spec section 2) and its dialog. The
 * page is the same for everyone, so who is signed in is known only here: a visitor gets a
 * sign-in call instead of the form (submission policy, docs/architecture.md).
 */
export default function SubmitPrompt(props: Props) {
  return (
    <ReviewI18n lng={props.lng} messages={props.messages}>
      <SubmitToggle {...props} />
    </ReviewI18n>
  );
}

function SubmitToggle({ categories, variant }: Props) {
  const { t } = useTranslation();
  const user = useHydratedStore($currentUser, undefined);
  const [open, setOpen] = useState(false);
  const done = () => {
    setOpen(false);
    window.dispatchEvent(new Event(LIST_REFRESH_EVENT));
  };
  return (
    <div className="flex flex-wrap items-center gap-2">
      {variant === 'browse' && user && (
        <a href="/prompts/create" className="btn btn-primary" data-testid="create-prompt-link">
          <Icon name="plus" size={16} />
          {t('create.title')}
        </a>
      )}
      <button type="button" className={`btn ${variant === 'browse' && user ? 'btn-outline' : 'btn-primary'}`} aria-haspopup="dialog" aria-expanded={open} onClick={() => setOpen(true)} data-testid="submit-prompt-toggle">
        <Icon name="send" size={16} />
        {variant === 'browse' ? t('submit.toggle') : t('submit.button')}
      </button>
      <Dialog open={open} onClose={() => setOpen(false)} title={t('submit.dialogTitle')} closeLabel={t('submit.close')}>
        {user ? (
          <Suspense fallback={<div className="h-96 animate-pulse rounded-lg bg-muted" />}>
            <SubmitForm categories={categories} community={variant === 'community'} onDone={done} />
          </Suspense>
        ) : (
          <div className="space-y-4 text-sm" data-testid="submit-sign-in">
            <p className="font-semibold">{t('submit.signInTitle')}</p>
            <p className="text-muted-foreground">{t('submit.signInText')}</p>
            <a href="/auth" className="btn btn-primary w-full">
              {t('submit.signIn')}
            </a>
          </div>
        )}
      </Dialog>
    </div>
  );
}
