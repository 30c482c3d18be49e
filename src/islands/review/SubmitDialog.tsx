import { Dialog } from '../../ui/Dialog';
import SubmitForm from './SubmitForm';
import { ReviewI18n, type CategoryOption, type ReviewI18nProps } from './shared';
import { buttonClass } from '../../ui/Button';
import { useIslandT } from '../../client/i18n';

interface Props extends ReviewI18nProps {
  open: boolean;
  onClose: () => void;
  onDone: () => void;
  signedIn: boolean;
  categories: CategoryOption[];
  community: boolean;
}

/**
 * The Submit Prompt dialog: the form for a signed-in user, a sign-in call for a visitor
 * (submission policy, docs/architecture.md). Loaded by SubmitPrompt on first open, with
 * i18next, zod and the form kit.
 */
export default function SubmitDialog(props: Props) {
  return (
    <ReviewI18n lng={props.lng} messages={props.messages}>
      <DialogBody {...props} />
    </ReviewI18n>
  );
}

function DialogBody({ open, onClose, onDone, signedIn, categories, community }: Props) {
  const t = useIslandT<'review'>();
  return (
    <Dialog open={open} onClose={onClose} title={t('submit.dialogTitle')} closeLabel={t('submit.close')}>
      {signedIn ? (
        <SubmitForm categories={categories} community={community} onDone={onDone} />
      ) : (
        <div className="space-y-4 text-sm" data-testid="submit-sign-in">
          <p className="font-semibold">{t('submit.signInTitle')}</p>
          <p className="text-muted-foreground">{t('submit.signInText')}</p>
          <a href="/auth" className={buttonClass({ variant: 'primary', className: 'w-full' })}>
            {t('submit.signIn')}
          </a>
        </div>
      )}
    </Dialog>
  );
}
