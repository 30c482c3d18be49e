import { useId, useState } from 'react';
import { DISCUSSION_LIMITS, REPORT_REASONS, type ReportReason } from '../../../modules/discussion/contracts';
import { HttpError } from '../../client/http';
import { useT } from '../../client/strings';
import { formMessage, type FormIssue } from '../../shared/form-messages';
import type { ScopeOf } from '../../shared/string-specs';
import { Button } from '../../ui/Button';
import { FieldError } from '../../ui/FieldError';
import { Textarea } from '../../ui/Textarea';

type T = ReturnType<typeof useT<ScopeOf<'comments'>>>;

/** The message under a field for an issue, local or from a 400 answer (shared/form-messages.ts). */
export function issueMessage(t: T, issue: FormIssue | undefined): string | undefined {
  const chosen = issue && formMessage('comment', issue);
  return chosen ? t(chosen.qualified, chosen.values) : undefined;
}

/** The body's own check before sending, with the codes and limits a 400 answer would carry. */
export function checkBody(body: string): FormIssue | undefined {
  const n = body.trim().length;
  if (n < DISCUSSION_LIMITS.body.min) return { path: ['body'], code: 'too_small', limit: DISCUSSION_LIMITS.body.min };
  if (n > DISCUSSION_LIMITS.body.max) return { path: ['body'], code: 'too_big', limit: DISCUSSION_LIMITS.body.max };
}

/** A refused write's issue for `field`, if the answer was a 400 naming it. */
export function answerIssue(error: unknown, field: string): FormIssue | undefined {
  return error instanceof HttpError && error.status === 400 ? error.issues.find((i) => i.path[0] === field) : undefined;
}

/** A textarea with its label, counter and message: the new comment, a reply, an edit. */
export function BodyField({
  label,
  value,
  onChange,
  error,
  name = 'body',
  autoFocus,
  placeholder,
}: {
  label: string;
  value: string;
  onChange: (v: string) => void;
  error?: string;
  name?: string;
  autoFocus?: boolean;
  placeholder?: string;
}) {
  const t = useT<ScopeOf<'comments'>>();
  const id = useId();
  return (
    <div>
      <label htmlFor={id} className="sr-only">
        {label}
      </label>
      <Textarea
        id={id}
        name={name}
        rows={3}
        value={value}
        placeholder={placeholder}
        autoFocus={autoFocus}
        invalid={!!error}
        aria-describedby={error ? `${id}-error` : undefined}
        onChange={(e) => onChange(e.target.value)}
        data-testid="comment-input"
      />
      <div className="mt-1 flex items-start justify-between gap-3 text-xs text-muted-foreground">
        {error ? <FieldError id={`${id}-error`}>{error}</FieldError> : <span />}
        <span className="ml-auto shrink-0 tabular-nums">{t('comments.charCount', { count: value.trim().length, limit: DISCUSSION_LIMITS.body.max })}</span>
      </div>
    </div>
  );
}

/** The report panel (a comment's or the prompt's): a reason, a note (required for Other), Send and Cancel. */
export function ReportForm({
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
    if (reason === 'other' && !note.trim()) return setError(issueMessage(t, { path: ['note'], code: 'custom' }));
    if (note.trim().length > DISCUSSION_LIMITS.note.max)
      return setError(issueMessage(t, { path: ['note'], code: 'too_big', limit: DISCUSSION_LIMITS.note.max }));
    setBusy(true);
    try {
      await onSend(reason, note.trim());
    } catch (e) {
      setError(issueMessage(t, answerIssue(e, 'note')));
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
