import { useEffect, useId, useRef, useState } from 'react';
import { REJECT_REASONS, REVIEW_NOTE_MAX, type RejectionView, type RejectReason } from '../../../modules/prompts/contracts';
import { useT } from '../../client/strings';
import type { ScopeOf } from '../../shared/string-specs';
import { Button } from '../../ui/Button';
import { FieldError } from '../../ui/FieldError';
import { Label } from '../../ui/Label';
import { Select } from '../../ui/Select';
import { Textarea } from '../../ui/Textarea';
import { DecisionButton } from '../shared/review-parts';

/**
 * Reject, wherever the admin decides (the queue, the dashboard's Admin tab, Revisions): the
 * button opens a small form that asks for a reason code and an optional note to the author,
 * and only its own Reject sends the decision. Escape or Cancel closes it.
 */
export function RejectDecision({ title, busy, onReject }: { title: string; busy: boolean; onReject: (rejection: RejectionView) => void }) {
  const t = useT<ScopeOf<'review'>>();
  const id = useId();
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState<RejectReason | ''>('');
  const [note, setNote] = useState('');
  const [missing, setMissing] = useState(false);
  const select = useRef<HTMLSelectElement>(null);
  useEffect(() => {
    if (open) select.current?.focus();
  }, [open]);

  if (!open) return <DecisionButton approve={false} busy={busy} onClick={() => setOpen(true)} />;
  const close = () => {
    setOpen(false);
    setMissing(false);
  };
  const escapeCloses = (event: React.KeyboardEvent) => event.key === 'Escape' && close();
  return (
    <form
      className="grid w-full basis-full gap-3 rounded-lg border border-destructive/30 bg-destructive/5 p-3 text-left"
      aria-label={t('rejectForm.label', { title })}
      data-testid="reject-form"
      onSubmit={(event) => {
        event.preventDefault();
        if (!reason) return setMissing(true);
        onReject({ reason, note: note.trim() || null });
      }}
    >
      <p className="text-sm font-medium">{t('rejectForm.label', { title })}</p>
      <div className="space-y-1.5">
        <Label htmlFor={`${id}-reason`}>{t('rejectForm.reason')}</Label>
        <Select
          ref={select}
          id={`${id}-reason`}
          value={reason}
          invalid={missing}
          aria-describedby={missing ? `${id}-missing` : undefined}
          onChange={(event) => {
            setReason(event.target.value as RejectReason);
            setMissing(false);
          }}
          onKeyDown={escapeCloses}
          data-testid="reject-reason"
        >
          <option value="">{t('rejectForm.choose')}</option>
          {REJECT_REASONS.map((r) => (
            <option key={r} value={r}>
              {t(`reasons.${r}`)}
            </option>
          ))}
        </Select>
        {missing && <FieldError id={`${id}-missing`}>{t('rejectForm.reasonRequired')}</FieldError>}
      </div>
      <div className="space-y-1.5">
        <Label htmlFor={`${id}-note`}>{t('rejectForm.note')}</Label>
        <Textarea
          id={`${id}-note`}
          rows={2}
          maxLength={REVIEW_NOTE_MAX}
          value={note}
          placeholder={t('rejectForm.notePlaceholder')}
          onChange={(event) => setNote(event.target.value)}
          onKeyDown={escapeCloses}
          data-testid="reject-note"
        />
      </div>
      <div className="flex flex-wrap justify-end gap-2">
        <Button type="button" variant="ghost" size="sm" onClick={close}>
          {t('rejectForm.cancel')}
        </Button>
        <Button
          type="submit"
          variant="plain"
          size="sm"
          className="bg-destructive text-destructive-foreground hover:opacity-90"
          disabled={busy}
          data-testid="confirm-reject"
        >
          {t('rejectForm.confirm')}
        </Button>
      </div>
    </form>
  );
}
