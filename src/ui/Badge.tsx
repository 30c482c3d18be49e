import { categoryById } from '../../modules/prompts/contracts';
export { RatingStat } from './RatingStat';
import type { ReactNode } from 'react';
import { Icon, type IconName } from './Icon';
import type { Translate } from './t';

export function CategoryBadge({ categoryId, t }: { categoryId: number; t: Translate }) {
  const category = categoryById(categoryId);
  return <span className="badge badge-category">{t(`prompts:categories.${category.slug}`, { defaultValue: category.name })}</span>;
}

export function FeaturedBadge({ t, size = 12 }: { t: Translate; size?: number }) {
  return (
    <span className="badge badge-featured">
      <Icon name="sparkles" size={size} />
      {t('prompts:badges.featured')}
    </span>
  );
}

/** A rounded label with its icon ("Current", "Featured member"); `className` gives its colours and room. */
export function IconBadge({ icon, className, testId, children }: { icon: IconName; className: string; testId?: string; children: ReactNode }) {
  return (
    <span className={`inline-flex items-center gap-1 rounded-full ${className}`} data-testid={testId}>
      <Icon name={icon} size={12} />
      {children}
    </span>
  );
}

/** "Editor's Pick" on lists and the detail page, "Editor's Choice" on featured cards. */
export function PickBadge({ t, size = 12, wording = 'editorsPick' }: { t: Translate; size?: number; wording?: 'editorsPick' | 'editorsChoice' }) {
  return (
    <span className="badge badge-pick">
      <Icon name="award" size={size} />
      {t(`prompts:badges.${wording}`)}
    </span>
  );
}
