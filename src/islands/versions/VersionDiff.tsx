import { categoryById, type VersionContent } from '../../../modules/prompts/contracts';
import { useT } from '../../client/strings';
import type { CategoryKey } from '../../i18n/keys';
import type { ScopeOf } from '../../shared/string-specs';
import { DiffView } from '../../ui/DiffView';

/**
 * Two versions of a prompt compared field by field (title, category, description, content),
 * each field a DiffView; the versions page and the admin's revision queue show the same.
 * `beforeLabel` and `afterLabel` name the two sides ("Version 1", "Version 3").
 */
export function VersionDiff({
  before,
  after,
  beforeLabel,
  afterLabel,
  testId = 'version-diff',
}: {
  before: VersionContent;
  after: VersionContent;
  beforeLabel: string;
  afterLabel: string;
  testId?: string;
}) {
  const t = useT<ScopeOf<'review'>>();
  const labels = { before: beforeLabel, after: afterLabel, removed: t('versions.removed'), added: t('versions.added'), unchanged: t('versions.unchanged') };
  const category = (id: number) => {
    const c = categoryById(id);
    return t(`prompts:categories.${c.slug}` as CategoryKey, { defaultValue: c.name });
  };
  const fields = [
    ['title', t('fields.title'), before.title, after.title],
    ['category', t('versions.category'), category(before.categoryId), category(after.categoryId)],
    ['description', t('fields.description'), before.description, after.description],
    ['content', t('fields.content'), before.content, after.content],
  ] as const;
  return (
    <div className="space-y-5" data-testid={testId}>
      <p className="text-xs text-muted-foreground">{t('versions.legend')}</p>
      {fields.map(([key, label, old, now]) => (
        <section key={key} aria-label={label} data-field={key}>
          <h3 className="mb-1.5 text-sm font-semibold">{label}</h3>
          <DiffView before={old} after={now} labels={labels} testId={`diff-${key}`} />
        </section>
      ))}
    </div>
  );
}
