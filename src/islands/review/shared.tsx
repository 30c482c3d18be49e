import { useId } from 'react';
import type { Category } from '../../../modules/prompts/contracts';
import { useT } from '../../client/strings';
import type { CategoryKey } from '../../i18n/keys';
import type { ScopeOf } from '../../shared/string-specs';
import type { Strings } from '../../shared/strings';
import { Button } from '../../ui/Button';
import { Icon } from '../../ui/Icon';
import { FieldError } from '../../ui/FieldError';
import { Label } from '../../ui/Label';
import { Select } from '../../ui/Select';

/** What every review island gets from its page: the `review` bundle (its language is the bundle's). */
export interface ReviewProps {
  strings: Strings<ScopeOf<'review'>>;
}

/** A category the forms offer, as data: its label is read from the bundle by its slug. */
export type CategoryOption = Pick<Category, 'id' | 'slug' | 'name'>;

/** The category select of both submit forms; 0 (the dialog's default) shows the placeholder. */
export function CategorySelect({
  label,
  placeholder,
  value,
  onChange,
  options,
  error,
}: {
  label: string;
  placeholder: string;
  value: number;
  onChange: (id: number) => void;
  options: readonly CategoryOption[];
  error?: string;
}) {
  const t = useT<ScopeOf<'review'>>();
  const id = useId();
  return (
    <div className="space-y-1.5">
      <Label htmlFor={id}>{label}</Label>
      <Select
        id={id}
        name="categoryId"
        value={String(value)}
        onChange={(e) => onChange(Number(e.target.value))}
        invalid={!!error}
        aria-describedby={error ? `${id}-error` : undefined}
      >
        <option value="0">{placeholder}</option>
        {options.map((c) => (
          <option key={c.id} value={c.id}>
            {t(`prompts:categories.${c.slug}` as CategoryKey, { defaultValue: c.name })}
          </option>
        ))}
      </Select>
      {error && (
        <FieldError id={`${id}-error`} data-testid="error-categoryId">
          {error}
        </FieldError>
      )}
    </div>
  );
}

/** A status pill (Private, Pending, Approved, Rejected, Withdrawn; a version's Published and Draft too). */
export function StatusBadge({ status, label }: { status: string; label: string }) {
  const tone =
    status === 'approved' || status === 'published'
      ? 'bg-emerald-500/15 text-emerald-700 dark:text-emerald-300'
      : status === 'pending'
        ? 'bg-amber-500/15 text-amber-700 dark:text-amber-300'
        : status === 'private' || status === 'draft'
          ? 'bg-sky-500/15 text-sky-700 dark:text-sky-300'
          : 'bg-destructive/10 text-destructive';
  return (
    <span className={`inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold ${tone}`} data-testid="status-badge" data-status={status}>
      {label}
    </span>
  );
}

export function formatTime(iso: string, lng: string): string {
  return new Intl.DateTimeFormat(lng, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso));
}

/** Approve or Reject of a pending prompt, wherever the admin reviews the queue. */
export function DecisionButton({ approve, busy, onClick }: { approve: boolean; busy: boolean; onClick: () => void }) {
  const t = useT<ScopeOf<'review'>>();
  return (
    <Button variant={approve ? 'primary' : 'outline'} size="sm" disabled={busy} onClick={onClick} data-testid={approve ? 'approve' : 'reject'}>
      <Icon name={approve ? 'check' : 'x'} size={14} />
      {approve ? t('admin.approve') : t('admin.reject')}
    </Button>
  );
}
