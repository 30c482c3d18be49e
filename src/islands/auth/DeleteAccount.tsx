import { useRef, useState } from 'react';
import { useFocusOnStep } from '../../ui/hooks';
import { deleteAccountRequest } from '../../../modules/accounts/contracts';
import { api } from '../../client/http';
import { useT, withStrings } from '../../client/strings';
import { queueToastForNextPage } from '../../ui/toast-store';
import * as routes from '../../shared/api-routes.generated';
import type { ScopeOf } from '../../shared/string-specs';
import type { Strings } from '../../shared/strings';
import { Button } from '../../ui/Button';
import { Field } from '../../ui/Field';
import { Submit } from '../../ui/Submit';
import { useForm } from '../../client/use-form';

interface Props {
  strings: Strings<ScopeOf<'deleteAccount'>>;
}

/**
 * The profile's "Delete my account": a first click opens the confirmation, which asks for the
 * password again (nothing can be undone afterwards); a wrong one is said under the field and
 * deletes nothing. On success the browser is signed out and goes home, where a toast says it
 * is done. Shown once hydrated only (`js-only`): deleting is a JSON DELETE, no form can send it.
 */
export default withStrings(DeleteAccount);

function DeleteAccount(_props: Props) {
  const t = useT<ScopeOf<'deleteAccount'>>();
  const [confirming, setConfirming] = useState(false);
  const form = useForm(deleteAccountRequest, { initial: { password: '' }, form: 'deleteAccount' });
  const startButton = useRef<HTMLButtonElement>(null);
  // Back on the first button after Cancel (the confirmation's field takes focus itself).
  useFocusOnStep(confirming, () => (confirming ? null : startButton.current));

  const submit = form.submit(
    async (body) => {
      await api(routes.deleteAccount, { body });
      queueToastForNextPage({ title: t('deleteAccount.deleted.title'), description: t('deleteAccount.deleted.description') });
      location.assign('/');
      return 'keep-busy';
    },
    { title: t('deleteAccount.failed.title'), description: t('deleteAccount.failed.description') },
  );

  if (!confirming)
    return (
      <Button ref={startButton} variant="destructive" className="js-only" data-testid="delete-account" onClick={() => setConfirming(true)}>
        {t('deleteAccount.start')}
      </Button>
    );
  return (
    <form
      noValidate
      onSubmit={submit}
      aria-labelledby="delete-account-confirm"
      className="space-y-4 rounded-lg border border-destructive/40 bg-destructive/5 p-4"
      data-testid="delete-account-form"
    >
      <p id="delete-account-confirm" className="text-sm font-medium">
        {t('deleteAccount.confirm')}
      </p>
      <Field
        label={t('fields.password')}
        type="password"
        {...form.field('password')}
        autoComplete="current-password"
        autoFocus
        showLabel={t('fields.showPassword')}
        hideLabel={t('fields.hidePassword')}
      />
      <div className="flex flex-wrap gap-2">
        <Submit
          busy={form.busy}
          label={t('deleteAccount.submit')}
          busyLabel={t('deleteAccount.submitting')}
          variant="destructive"
          inline
          testId="delete-account-submit"
        />
        <Button type="button" variant="outline" disabled={form.busy} onClick={() => setConfirming(false)}>
          {t('deleteAccount.cancel')}
        </Button>
      </div>
    </form>
  );
}
