import { useId, useState } from 'react';
import { DISCUSSION_LIMITS, REPORT_REASONS, type ReportReason } from '../../../modules/discussion/contracts';
import { useT } from '../../client/strings';
import type { ScopeOf } from '../../shared/string-specs';
import { Button } from '../../ui/Button';
import { FieldError } from '../../ui/FieldError';
import { Textarea } from '../../ui/Textarea';
import { answerIssue, issueMessage } from './forms';

/** The report panel (a comment's or the prompt's): a reason, a note (required for Other), Send and Cancel. */
export default function ReportForm({
  title,
  onSend,
  onCancel,
}: {
  title: string;
  onSend: (reason: ReportReason, note: string) => Promise<unknown>;
  onCancel: () => void;
}) {
  const t = useT<ScopeOf<'comments'>>();
  const id = useId();
  const [reason, setReason] = useState<ReportReason>('spam');
  const [note, setNote] = useState('');
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const send = async () => {
    if (reason === 'other' && !note.trim()) return setError(await issueMessage(t, { path: ['note'], code: 'custom' }));
    if (note.trim().length > DISCUSSION_LIMITS.note.max)
      return setError(await issueMessage(t, { path: ['note'], code: 'too_big', limit: DISCUSSION_LIMITS.note.max }));
    setBusy(true);
    try {
      await onSend(reason, note.trim());
    } catch (e) {
      setError(await issueMessage(t, answerIssue(e, 'note')));
    } finally {
      setBusy(false);
    }
  };
  return (
    <form
      className="mt-3 grid gap-3 rounded-lg border border-border bg-surface p-4"
      aria-label={title}
      data-testid="report-form"
      onSubmit={(e) => {
        e.preventDefault();
        void send();
      }}
    >
      <fieldset>
        <legend className="text-sm font-semibold">{title}</legend>
        <div className="mt-2 flex flex-wrap gap-x-4 gap-y-2 text-sm">
          {REPORT_REASONS.map((r) => (
            <label key={r} className="inline-flex items-center gap-1.5">
              <input type="radio" name={`${id}-reason`} value={r} checked={reason === r} onChange={() => setReason(r)} />
              {t(`comments.reasons.${r}`)}
            </label>
          ))}
        </div>
      </fieldset>
      <div>
        <label htmlFor={`${id}-note`} className="text-sm font-medium">
          {t(reason === 'other' ? 'comments.noteRequired' : 'comments.noteLabel')}
        </label>
        <Textarea
          id={`${id}-note`}
          rows={2}
          value={note}
          invalid={!!error}
          aria-describedby={error ? `${id}-error` : undefined}
          onChange={(e) => setNote(e.target.value)}
          className="mt-1"
          data-testid="report-note"
        />
        {error && (
          <FieldError id={`${id}-error`} className="mt-1">
            {error}
          </FieldError>
        )}
      </div>
      <div className="flex justify-end gap-2">
        <Button variant="ghost" size="sm" onClick={onCancel}>
          {t('comments.cancel')}
        </Button>
        <Button type="submit" size="sm" disabled={busy} data-testid="send-report">
          {t('comments.sendReport')}
        </Button>
      </div>
    </form>
  );
}
