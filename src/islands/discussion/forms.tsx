import { useId } from 'react';
import { DISCUSSION_LIMITS } from '../../../modules/discussion/limits';
import { HttpError } from '../../client/http';
import { useT } from '../../client/strings';
import type { FormIssue } from '../../shared/form-messages';
import type { ScopeOf } from '../../shared/string-specs';
import { FieldError } from '../../ui/FieldError';
import { Textarea } from '../../ui/Textarea';

export type T = ReturnType<typeof useT<ScopeOf<'comments'>>>;

/**
 * The message under a field for an issue, local or from a 400 answer: chosen by
 * shared/form-messages.ts, loaded when the first message is needed (not with the page).
 */
export async function issueMessage(t: T, issue: FormIssue | undefined): Promise<string | undefined> {
  if (!issue) return undefined;
  const { formMessage } = await import('../../shared/form-messages');
  const chosen = formMessage('comment', issue);
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
