import { useT } from '../../client/strings';
import type { ScopeOf } from '../../shared/string-specs';
import type { FieldErrors } from '../../client/use-form';
import { Field } from '../../ui/Field';
import { CategorySelect, type CategoryOption } from '../shared/review-parts';
import { PlaceholderHint } from './PlaceholderHint';

interface PromptFieldValues {
  title: string;
  description: string;
  content: string;
  categoryId: number;
}

type Limits = Record<'title' | 'description' | 'content', { max?: number }>;

/**
 * The fields both submit forms share (title, category, description, content), each bounded by
 * its own form's limits table: the community dialog and the create page differ in limits and
 * in the room they give the content, not in the fields.
 */
export function PromptFields({
  values,
  errors,
  set,
  limits,
  categories,
  contentRows,
}: {
  values: PromptFieldValues;
  errors: FieldErrors;
  set: <K extends keyof PromptFieldValues>(name: K) => (value: PromptFieldValues[K]) => void;
  limits: Limits;
  categories: readonly CategoryOption[];
  contentRows: number;
}) {
  const t = useT<ScopeOf<'review'>>();
  return (
    <>
      <Field
        label={t('fields.title')}
        name="title"
        value={values.title}
        onChange={set('title')}
        error={errors.title}
        maxLength={limits.title.max}
        placeholder={t('fields.titlePlaceholder')}
      />
      <CategorySelect
        label={t('fields.category')}
        placeholder={t('fields.categoryPlaceholder')}
        value={values.categoryId}
        onChange={set('categoryId')}
        options={categories}
        error={errors.categoryId}
      />
      <Field
        label={t('fields.description')}
        name="description"
        rows={3}
        value={values.description}
        onChange={set('description')}
        error={errors.description}
        maxLength={limits.description.max}
        placeholder={t('fields.descriptionPlaceholder')}
      />
      <Field
        label={t('fields.content')}
        name="content"
        rows={contentRows}
        value={values.content}
        onChange={set('content')}
        error={errors.content}
        maxLength={limits.content.max}
        placeholder={t('fields.contentPlaceholder')}
      />
      <PlaceholderHint content={values.content} onChange={set('content')} />
    </>
  );
}
