import { DEFAULT_AUTHOR_NAME, SUBMIT_DIALOG_LIMITS as L } from '../../../modules/prompts/contracts';
import { showToast } from '../../ui/toast-store';
import { Field } from '../../ui/Field';
import { Submit } from '../../ui/Submit';
import { useForm } from '../../client/use-form';
import { dialogForm } from '../../client/review-forms';
import { savedToast, type CategoryOption } from '../shared/review-parts';
import { PromptFields } from './PromptFields';
import { VisibilityChoice } from './VisibilityChoice';
import { PossibleDuplicates } from './PossibleDuplicates';
import { useDuplicateCheck } from '../../client/duplicates';
import { useT } from '../../client/strings';
import type { ScopeOf } from '../../shared/string-specs';

/**
 * The submit dialog's form (its limits: `SUBMIT_DIALOG_LIMITS`; a category). Its own chunk:
 * zod and the form kit load when the dialog first opens, not with /prompts or /community.
 */
export default function SubmitForm({
  categories,
  community,
  onDone,
  userName,
}: {
  categories: readonly CategoryOption[];
  community: boolean;
  onDone: () => void;
  /** The signed-in user's name: the author name starts as theirs, not "Community User". */
  userName?: string;
}) {
  const t = useT<ScopeOf<'review'>>();
  const form = useForm(dialogForm, {
    initial: {
      title: '',
      description: '',
      content: '',
      categoryId: 0,
      authorName: userName || DEFAULT_AUTHOR_NAME,
      isFeatured: false,
      isEditorsPick: false,
      visibility: 'public',
    },
    form: 'submitDialog',
    // A refused submission (too many pending, too many an hour: 429) shows its translated text.
  });
  const { values, errors, set } = form;
  const duplicates = useDuplicateCheck(values);
  const onSubmit = form.submit(
    async (data) => {
      if (!(await duplicates.submit(data))) return;
      showToast(savedToast(t, data.visibility, 'submit'));
      onDone();
    },
    { title: t(community ? 'submit.communityErrorTitle' : 'submit.errorTitle'), description: t('submit.errorDescription') },
  );
  // Duplicates shown: the next submit goes ahead.
  const submitLabel = t(duplicates.matches.length ? 'duplicates.submitAnyway' : 'submit.button');
  return (
    <form noValidate onSubmit={onSubmit} className="space-y-4" data-testid="submit-form">
      <p className="text-sm text-muted-foreground">{t('submit.dialogDescription')}</p>
      <PromptFields values={values} errors={errors} set={set} limits={L} categories={categories} contentRows={6} />
      <Field
        label={t('fields.authorName')}
        name="authorName"
        value={values.authorName ?? ''}
        onChange={set('authorName')}
        error={errors.authorName}
        maxLength={L.authorName.max}
        autoComplete="name"
        help={t('fields.authorNameHelp')}
      />
      <VisibilityChoice value={values.visibility ?? 'public'} onChange={set('visibility')} />
      <PossibleDuplicates matches={duplicates.matches} note={duplicates.note} onNote={duplicates.setNote} />
      <Submit busy={form.busy} label={submitLabel} busyLabel={t('submit.sending')} testId="submit-prompt-send" />
    </form>
  );
}
