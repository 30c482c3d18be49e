import { CREATE_PAGE_LIMITS as L } from '../../../modules/prompts/contracts';
import { queueToastForNextPage } from '../../ui/toast-store';
import { Notice } from '../../ui/Notice';
import { Submit } from '../../ui/Submit';
import { useForm } from '../../client/use-form';
import { createForm } from '../../client/review-forms';
import { savedToast, type CategoryOption, type ReviewProps } from '../shared/review-parts';
import { PromptFields } from './PromptFields';
import { VisibilityChoice } from './VisibilityChoice';
import { PossibleDuplicates } from './PossibleDuplicates';
import { useDuplicateCheck } from '../../client/duplicates';
import { buttonClass } from '../../ui/Button';
import { useT, withStrings } from '../../client/strings';
import type { ScopeOf } from '../../shared/string-specs';

interface Props extends ReviewProps {
  categories: readonly CategoryOption[];
  /** The signed-in user's name; the page sends it as authorName. */
  authorName: string;
  /** Prefill from ?title=&content= (the extension opens this page with the selected text). */
  initial: { title: string; content: string; description: string };
}

/** /prompts/create: the review notice, the form and the terms note. */
export default withStrings(CreateForm);

function CreateForm({ categories, authorName, initial }: Props) {
  const t = useT<ScopeOf<'review'>>();
  const form = useForm(createForm, {
    initial: { ...initial, categoryId: 0, authorName: authorName.trim() || 'Anonymous', visibility: 'public' },
    form: 'createPage',
    // A refused submission (too many pending, too many an hour: 429) shows its translated text.
  });
  const { values, errors, set } = form;
  const duplicates = useDuplicateCheck(values);
  const onSubmit = form.submit(
    async (data) => {
      const created = await duplicates.submit(data);
      if (!created) return;
      queueToastForNextPage(savedToast(t, data.visibility, 'create'));
      location.assign(created?.id ? `/prompts/${created.id}` : '/prompts');
      return 'keep-busy';
    },
    { title: t('create.errorTitle'), description: t('create.errorDescription') },
  );
  // Duplicates shown: the next submit goes ahead.
  const submitLabel = t(duplicates.matches.length ? 'duplicates.submitAnyway' : 'create.submit');
  return (
    <div data-testid="create-prompt">
      {/* A private prompt is never reviewed: its notice says so instead. */}
      {values.visibility === 'private' ? (
        <Notice title={t('create.privateNoticeTitle')} description={t('create.privateNoticeText')} testId="private-notice" />
      ) : (
        <Notice title={t('create.noticeTitle')} description={t('create.noticeText')} testId="review-notice" />
      )}
      <form noValidate onSubmit={onSubmit} className="card space-y-5 p-5 sm:p-6" data-testid="create-form">
        <PromptFields values={values} errors={errors} set={set} limits={L} categories={categories} contentRows={10} />
        <VisibilityChoice value={values.visibility ?? 'public'} onChange={set('visibility')} />
        {/* The author name has no input here (it is the user's name): its message shows on its own. */}
        {errors.authorName && (
          <p className="text-sm font-medium text-destructive" role="alert" data-testid="error-authorName">
            {errors.authorName}
          </p>
        )}
        <PossibleDuplicates matches={duplicates.matches} note={duplicates.note} onNote={duplicates.setNote} />
        <p className="text-xs text-muted-foreground" data-testid="terms-note">
          {t(values.visibility === 'private' ? 'create.privateTerms' : 'create.terms')}
        </p>
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <a href="/prompts" className={buttonClass({ variant: 'outline' })}>
            {t('create.cancel')}
          </a>
          <div className="sm:w-48">
            <Submit busy={form.busy} label={submitLabel} busyLabel={t('create.sending')} testId="create-prompt-send" />
          </div>
        </div>
      </form>
    </div>
  );
}
