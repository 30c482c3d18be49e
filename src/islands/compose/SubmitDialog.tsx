import { Dialog } from '../../ui/Dialog';
import SubmitForm from './SubmitForm';
import { type CategoryOption } from '../shared/review-parts';
import { buttonClass } from '../../ui/Button';
import { signInHref } from '../../shared/return-to';
import { useT } from '../../client/strings';
import type { ScopeOf } from '../../shared/string-specs';

interface Props {
  open: boolean;
  onClose: () => void;
  onDone: () => void;
  signedIn: boolean;
  /** Pre-fills the form's author name. */
  userName?: string;
  categories: readonly CategoryOption[];
  community: boolean;
}

/**
 * The Submit Prompt dialog: the form for a signed-in user, a sign-in call for a visitor
 * (docs/decisions/0012-visitors-do-not-submit.md). Loaded by SubmitPrompt on first open, with zod
 * and the form kit; it reads SubmitPrompt's `review` strings.
 */
export default function SubmitDialog({ open, onClose, onDone, signedIn, userName, categories, community }: Props) {
  const t = useT<ScopeOf<'review'>>();
  return (
    <Dialog open={open} onClose={onClose} title={t('submit.dialogTitle')} closeLabel={t('submit.close')}>
      {signedIn ? (
        <SubmitForm categories={categories} community={community} onDone={onDone} userName={userName} />
      ) : (
        <div className="space-y-4 text-sm" data-testid="submit-sign-in">
          <p className="font-semibold">{t('submit.signInTitle')}</p>
          <p className="text-muted-foreground">{t('submit.signInText')}</p>
          <a href={signInHref(location.pathname + location.search)} className={buttonClass({ variant: 'primary', className: 'w-full' })}>
            {t('submit.signIn')}
          </a>
        </div>
      )}
    </Dialog>
  );
}
