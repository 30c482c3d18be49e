import { useEffect, useState } from 'react';
import { EDIT_NOTE_MAX, CREATE_PAGE_LIMITS as L, editPromptRequest, type VersionView } from '../../../modules/prompts/contracts';
import { api } from '../../client/http';
import { allPages } from '../../client/library';
import { useT, withStrings } from '../../client/strings';
import { queueToastForNextPage, reserveToast } from '../../ui/toast-store';
import * as routes from '../../shared/api-routes.generated';
import type { ScopeOf } from '../../shared/string-specs';
import { buttonClass } from '../../ui/Button';
import { Field } from '../../ui/Field';
import { Notice } from '../../ui/Notice';
import { Submit } from '../../ui/Submit';
import { useForm } from '../../client/use-form';
import { PromptFields } from './PromptFields';
import { TagInput } from '../../ui/TagInput';
import { TAG_LIMITS } from '../../../modules/tags/limits';
import { type CategoryOption, type ReviewProps } from '../shared/review-parts';

interface Props extends ReviewProps {
  id: number;
  categories: readonly CategoryOption[];
  /** The prompt's current content, as the page read it (the public version of a published prompt). */
  initial: { title: string; description: string; content: string; categoryId: number };
  /** The author's edit of a published prompt waits for review (the admin's applies at once). */
  goesToReview: boolean;
  /** Its author's tags on it (absent: the editor is the admin, and tags are their owner's alone). Saved with the form, applied at once: tags are not reviewed. */
  tags?: string[];
}

/** The server answers that a client translates (the rest shows as sent). */

/**
 * /prompts/{id}/edit: the create page's fields, filled with the prompt, and a change note.
 * A published prompt's edit by its author goes to review as a revision: the form then starts
 * from the revision already waiting, if any (saving again replaces it), and says so.
 */
export default withStrings(EditForm);

function EditForm({ id, categories, initial, goesToReview, tags: initialTags }: Props) {
  const t = useT<ScopeOf<'review'>>();
  const form = useForm(editPromptRequest, { initial: { ...initial, note: '' }, form: 'editPage' });
  const { values, errors, set } = form;
  const [pending, setPending] = useState<VersionView | null>(null);
  const [tags, setTags] = useState(initialTags ?? []);
  const tagsChanged = initialTags !== undefined && tags.join('\n') !== initialTags.join('\n');

  useEffect(() => {
    if (!goesToReview) return;
    allPages((cursor) => api(routes.versions, { params: { id }, query: { cursor, limit: 100 } }))
      .then((versions) => {
        const waiting = versions.filter((v) => v.status === 'pending').pop();
        if (!waiting) return;
        setPending(waiting);
        for (const key of ['title', 'description', 'content', 'categoryId'] as const) set(key)(waiting[key]);
      })
      .catch((error) => console.error(error));
    // `set` is a new function each render; the revision is read once.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [id, goesToReview]);

  const onSubmit = form.submit(
    async (body) => {
      // The tags first, through their own route: a refused tag stops the save before the content goes to review.
      if (tagsChanged) await api(routes.setPromptTags, { params: { id }, body: { tags } });
      const result = await api(routes.edit, { params: { id }, body });
      if (!result.changed && tagsChanged) {
        queueToastForNextPage({ title: t('mine.tags.saved') });
        location.assign(`/prompts/${id}`);
        return 'keep-busy';
      }
      if (!result.changed) {
        reserveToast()({ title: t('edit.unchangedTitle'), description: t('edit.unchangedDescription') });
        return;
      }
      if (result.applied) {
        queueToastForNextPage({ title: t('edit.savedTitle'), description: t('edit.savedDescription', { version: result.version }) });
        location.assign(`/prompts/${id}`);
      } else {
        // A revision: its history shows what waits for review against what the public sees.
        queueToastForNextPage({ title: t('edit.proposedTitle'), description: t('edit.proposedDescription') });
        location.assign(`/prompts/${id}/versions?to=${result.version}`);
      }
      return 'keep-busy';
    },
    { title: t('edit.errorTitle'), description: t('edit.errorDescription') },
  );

  const note = values.note ?? '';
  return (
    <div data-testid="edit-prompt">
      {goesToReview && <Notice title={t('edit.publishedTitle')} description={t('edit.publishedNotice')} testId="published-notice" />}
      {pending && (
        <p className="mb-5 rounded-xl border border-amber-500/30 bg-amber-500/10 px-4 py-3 text-sm" role="status" data-testid="pending-revision-notice">
          {t('edit.pendingRevisionNotice', { version: pending.version })} {t('edit.startsFromRevision')}
        </p>
      )}
      <form noValidate onSubmit={onSubmit} className="card space-y-5 p-5 sm:p-6" data-testid="edit-form">
        <PromptFields
          values={{ title: values.title ?? '', description: values.description ?? '', content: values.content ?? '', categoryId: values.categoryId ?? 0 }}
          errors={errors}
          set={(name) => (value) => set(name)(value)}
          limits={L}
          categories={categories}
          contentRows={12}
        />
        {initialTags !== undefined && (
          <div data-testid="edit-tags">
            <p className="text-sm font-medium" aria-hidden="true">
              {t('mine.tags.label')}
            </p>
            <div className="input mt-1.5 h-auto min-h-10 py-1.5">
              <TagInput
                tags={tags}
                onChange={setTags}
                label={t('mine.tags.label')}
                placeholder={t('mine.tags.placeholder')}
                removeLabel={(tag) => t('mine.tags.remove', { tag })}
                maxLength={TAG_LIMITS.length * 2}
                testId="prompt-tags"
              />
            </div>
            <p className="mt-1.5 text-xs text-muted-foreground">{t('mine.tags.private')}</p>
          </div>
        )}
        <Field
          label={t('edit.note')}
          {...form.field('note')}
          rows={2}
          placeholder={t('edit.notePlaceholder')}
          help={t('edit.noteCount', { count: note.length, limit: EDIT_NOTE_MAX })}
        />
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <a href={`/prompts/${id}`} className={buttonClass({ variant: 'outline' })}>
            {t('edit.cancel')}
          </a>
          <div className="sm:w-48">
            <Submit busy={form.busy} label={t('edit.save')} busyLabel={t('edit.saving')} testId="edit-save" />
          </div>
        </div>
      </form>
    </div>
  );
}
