import { useId } from 'react';
import { type Category, type OwnPromptView, type RejectionView } from '../../../modules/prompts/contracts';
import { api, refusedText } from '../../client/http';
import { reserveToast } from '../../ui/toast-store';
import * as routes from '../../shared/api-routes.generated';
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

/** The toast after a submit form's submission: a private prompt is saved (never reviewed), a public one sent for review. */
export function savedToast(t: ReturnType<typeof useT<ScopeOf<'review'>>>, visibility: string | undefined, form: 'create' | 'submit') {
  return visibility === 'private'
    ? { title: t('privateSaved.title'), description: t('privateSaved.description') }
    : { title: t(`${form}.successTitle`), description: t(`${form}.successDescription`) };
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

/** Why the admin rejected the prompt or its revision, and their note, as the author reads it. */
export function Rejection({ rejection, testId, children }: { rejection: RejectionView; testId: string; children?: React.ReactNode }) {
  const t = useT<ScopeOf<'review'>>();
  return (
    <div className="mt-4 rounded-lg border border-destructive/30 bg-destructive/5 px-3 py-2 text-sm" data-testid={testId} data-reason={rejection.reason ?? ''}>
      <p className="font-semibold">{t('mine.rejectedBecause', { reason: rejection.reason ? t(`reasons.${rejection.reason}`) : t('reasons.none') })}</p>
      {children}
      {rejection.note && (
        <figure className="mt-2">
          <figcaption className="text-xs font-medium text-muted-foreground">{t('mine.adminNote')}</figcaption>
          <blockquote className="mt-1 border-l-2 border-destructive/40 pl-3 whitespace-pre-wrap italic" data-testid="admin-note">
            {rejection.note}
          </blockquote>
        </figure>
      )}
    </div>
  );
}

/**
 * The author sends their rejected prompt back to review, once they confirm: the prompt as it
 * stands after (pending), null when refused (a toast says why: unchanged since the rejection,
 * or another failure), undefined when they did not confirm.
 */
export async function askToResubmit(id: number, t: ReturnType<typeof useT<ScopeOf<'review'>>>): Promise<OwnPromptView | null | undefined> {
  if (!confirm(t('mine.resubmitConfirm'))) return undefined;
  const toast = reserveToast();
  try {
    const { status, ...prompt } = await api(routes.resubmit, { params: { id } });
    toast({ title: t('mine.resubmittedTitle'), description: t('mine.resubmittedDescription') });
    return { ...prompt, status };
  } catch (error) {
    console.error(error);
    // Why, in the reader's language (unchanged since the rejection, too many waiting, ...).
    toast({ variant: 'destructive', title: t('mine.resubmitFailed'), description: refusedText(t, error) });
    return null;
  }
}

/** How long the toast offering Undo after a deletion stays: long enough to reach for the button, within UNDO_DELETE_MS. */
export const UNDO_TOAST_MS = 10_000;

/** The texts of deleting and restoring: the review bundle's, which the detail page's bundle also carries. */
type DeletionKey =
  | 'mine.deleteConfirm'
  | 'mine.deletePublicConfirm'
  | 'mine.deleteFailed'
  | 'mine.deletedTitle'
  | 'mine.deletedDescription'
  | 'mine.undo'
  | 'mine.restoredTitle'
  | 'mine.restoredWithdrawn'
  | 'mine.restoreFailed';
export type DeletionT = (key: DeletionKey) => string;

/** Restores a deleted prompt from Recently deleted (or the Undo of its deletion); answers the status it is back in, or null when it was not. */
export async function restoreDeleted(id: number, t: DeletionT): Promise<string | null> {
  const toast = reserveToast();
  try {
    const { status } = await api(routes.undeletePrompt, { params: { id } });
    // Past the Undo, a published or pending prompt comes back withdrawn: said, not left to be found out.
    toast({ title: t('mine.restoredTitle'), ...(status === 'withdrawn' ? { description: t('mine.restoredWithdrawn') } : {}) });
    return status;
  } catch (error) {
    console.error(error);
    toast({ variant: 'destructive', title: t('mine.restoreFailed') });
    return null;
  }
}

/**
 * Asks, then deletes the prompt into Recently deleted (a pending or published one leaves the
 * public lists first, which the question says) and offers Undo in the toast. `changed` runs once
 * it is deleted, and again with `restored` true (and the status it is back in) when Undo brings it back.
 */
export async function askToDelete(id: number, status: string, t: DeletionT, changed: (restored: boolean, status?: string) => void): Promise<void> {
  const leavesPublic = status === 'pending' || status === 'approved';
  if (!confirm(t(leavesPublic ? 'mine.deletePublicConfirm' : 'mine.deleteConfirm'))) return;
  const toast = reserveToast();
  try {
    await api(routes.deletePrompt, { params: { id } });
  } catch (error) {
    console.error(error);
    toast({ variant: 'destructive', title: t('mine.deleteFailed') });
    return;
  }
  const undo = async () => {
    const back = await restoreDeleted(id, t);
    if (back) changed(true, back);
  };
  toast({
    title: t('mine.deletedTitle'),
    description: t('mine.deletedDescription'),
    durationMs: UNDO_TOAST_MS,
    action: { label: t('mine.undo'), run: () => void undo() },
  });
  changed(false);
}
