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
  // A text field of the form: an input, or a text area of `rows` rows.
  const field = (name: 'title' | 'description' | 'content', rows?: number) => (
    <Field
      label={t(`fields.${name}`)}
      name={name}
      rows={rows}
      value={values[name]}
      onChange={set(name)}
      error={errors[name]}
      maxLength={limits[name].max}
      placeholder={t(`fields.${name}Placeholder`)}
    />
  );
  return (
    <>
      {field('title')}
      <CategorySelect
        label={t('fields.category')}
        placeholder={t('fields.categoryPlaceholder')}
        value={values.categoryId}
        onChange={set('categoryId')}
        options={categories}
        error={errors.categoryId}
      />
      {field('description', 3)}
      {field('content', contentRows)}
      <PlaceholderHint content={values.content} onChange={set('content')} />
    </>
  );
}
