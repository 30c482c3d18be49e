import { useCallback, useEffect, useId, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { HttpError } from '../client/http';
import { showToast } from '../client/toast-store';
import { firstIssueByField, formMessage, type FormIssue, type FormName } from '../shared/form-messages';

/**
 * The form kit every island form is built from: `useForm(schema)` validates with the
 * module's zod contract (the server's own rules and messages), `Field`, `Submit`, `Notice`,
 * `Dialog` and `Tabs`. Messages come through react-i18next (`islandI18n` in src/client/i18n.ts):
 * a validation issue's message is chosen from its field, code and limit (`formMessage`).
 */
export type FieldErrors = Record<string, string | undefined>;

interface FormOptions<S extends z.ZodType> {
  initial: z.input<S>;
  /** Whose limits and messages: a validation issue's message is chosen by `formMessage`. */
  form: FormName;
  /** The translation key of a server answer without issues (e.g. "messages.invalidCredentials"); other text passes through. */
  errorKey?: (error: string) => string | undefined;
}

export interface Form<S extends z.ZodType> {
  values: z.input<S>;
  set: <K extends keyof z.input<S>>(name: K) => (value: z.input<S>[K]) => void;
  errors: FieldErrors;
  busy: boolean;
  /** Validates, then runs `send` with the parsed data. A thrown call error shows `failure` as a destructive toast. */
  submit: (
    send: (data: z.output<S>) => Promise<void | 'keep-busy'>,
    failure: { title: string; description: string },
  ) => (event: FormEvent) => Promise<void>;
}

export function useForm<S extends z.ZodType>(schema: S, options: FormOptions<S>): Form<S> {
  const { t } = useTranslation();
  const [values, setValues] = useState(options.initial);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [busy, setBusy] = useState(false);
  // The one place a form turns issues into messages; text without a known key shows as it is.
  const issueText = useCallback(
    (issue: FormIssue & { message: string }) => {
      const chosen = formMessage(options.form, issue);
      return chosen ? t(chosen.key, chosen.values) : issue.message;
    },
    [t, options.form],
  );
  const byField = (issues: readonly (FormIssue & { message: string })[]): FieldErrors =>
    Object.fromEntries(Object.entries(firstIssueByField(issues)).map(([field, issue]) => [field, issueText(issue)]));

  return {
    values,
    set: (name) => (value) => setValues((v) => ({ ...(v as object), [name]: value }) as z.input<S>),
    errors,
    busy,
    submit: (send, failure) => async (event) => {
      event.preventDefault();
      const parsed = schema.safeParse(values);
      if (!parsed.success) {
        setErrors(byField(parsed.error.issues));
        return;
      }
      setErrors({});
      setBusy(true);
      try {
        if ((await send(parsed.data)) === 'keep-busy') return;
      } catch (error) {
        console.error(error);
        let description: string | undefined;
        if (error instanceof HttpError) {
          const issues = error.issues;
          setErrors(byField(issues));
          const key = error.errorField && options.errorKey?.(error.errorField);
          description = issues[0] ? issueText(issues[0]) : key ? t(key) : error.errorField;
        } else {
          description = t('messages.network');
        }
        showToast({ variant: 'destructive', title: failure.title, description: description ?? failure.description });
      }
      setBusy(false);
    },
  };
}

interface FieldProps {
  label: ReactNode;
  name: string;
  type?: string;
  value: string;
  onChange: (v: string) => void;
  error?: string;
  help?: string;
  autoComplete?: string;
  placeholder?: string;
  autoFocus?: boolean;
  /** A multi-line text area of this many rows instead of an input. */
  rows?: number;
  /** The form's limits table's max for this field. */
  maxLength?: number;
  /** Labels of the password visibility toggle. */
  showLabel?: string;
  hideLabel?: string;
}

/** A labelled input with its help text and error (aria-describedby), and a show/hide toggle for passwords. */
export function Field({ label, name, type = 'text', value, onChange, error, help, autoComplete, placeholder, autoFocus, rows, maxLength, showLabel = 'Show password', hideLabel = 'Hide password' }: FieldProps) {
  const id = useId();
  const [shown, setShown] = useState(false);
  const isPassword = type === 'password';
  const describedBy = [error ? `${id}-error` : null, help ? `${id}-help` : null].filter(Boolean).join(' ') || undefined;
  return (
    <div className="space-y-1.5">
      <label htmlFor={id} className="block text-sm font-medium">
        {label}
      </label>
      <div className="relative">
        {rows ? (
          <textarea
            id={id}
            name={name}
            rows={rows}
            maxLength={maxLength}
            value={value}
            onChange={(e) => onChange(e.target.value)}
            placeholder={placeholder}
            aria-invalid={error ? true : undefined}
            aria-describedby={describedBy}
            className={`input py-2 ${error ? 'border-destructive' : ''}`}
          />
        ) : (
        <input
          id={id}
          name={name}
          type={isPassword && shown ? 'text' : type}
          maxLength={maxLength}
          value={value}
          onChange={(e) => onChange(e.target.value)}
          autoComplete={autoComplete}
          placeholder={placeholder}
          autoFocus={autoFocus}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          className={`input ${isPassword ? 'pr-11' : ''} ${error ? 'border-destructive' : ''}`}
        />
        )}
        {isPassword && (
          <button
            type="button"
            onClick={() => setShown((s) => !s)}
            aria-label={shown ? hideLabel : showLabel}
            aria-pressed={shown}
            className="absolute inset-y-0 right-0 flex w-10 items-center justify-center rounded-r-lg text-muted-foreground hover:text-foreground"
          >
            <EyeIcon crossed={shown} />
          </button>
        )}
      </div>
      {help && !error && (
        <p id={`${id}-help`} className="text-xs text-muted-foreground">
          {help}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className="text-sm font-medium text-destructive" data-testid={`error-${name}`}>
          {error}
        </p>
      )}
    </div>
  );
}

function EyeIcon({ crossed }: { crossed: boolean }) {
  return (
    <svg aria-hidden="true" width="18" height="18" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round">
      <path d="M2 12s3.5-7 10-7 10 7 10 7-3.5 7-10 7S2 12 2 12Z" />
      <circle cx="12" cy="12" r="3" />
      {crossed && <path d="m3 3 18 18" />}
    </svg>
  );
}

/** The form's submit button; disabled with a spinner while the call runs. */
export function Submit({ busy, label, busyLabel, testId }: { busy: boolean; label: string; busyLabel: string; testId?: string }) {
  return (
    <button type="submit" className="btn btn-primary w-full" disabled={busy} aria-busy={busy} data-testid={testId}>
      {busy && <span aria-hidden="true" className="size-4 animate-spin rounded-full border-2 border-current border-r-transparent" />}
      {busy ? busyLabel : label}
    </button>
  );
}

/** A status message inside a form or panel (e.g. "Check your email"). */
export function Notice({ title, description, testId = 'notice' }: { title?: string; description: string; testId?: string }) {
  return (
    <div role="status" className="mb-5 rounded-xl border border-primary/30 bg-accent px-4 py-3 text-sm text-accent-foreground" data-testid={testId}>
      {title && <p className="font-semibold">{title}</p>}
      <p>{description}</p>
    </div>
  );
}

/**
 * A modal dialog on the native <dialog> (focus trap, Escape and the inert page for free):
 * open while `open`; Escape, the close button or a click on the backdrop call `onClose`.
 */
export function Dialog({ open, onClose, title, closeLabel, children }: { open: boolean; onClose: () => void; title: string; closeLabel: string; children: ReactNode }) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  useEffect(() => {
    const dialog = ref.current!;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);
  return (
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      onClose={onClose}
      onClick={(e) => e.target === ref.current && onClose()}
      className="card m-auto w-[calc(100%-2rem)] max-w-lg p-0 text-foreground backdrop:bg-black/50"
    >
      <div className="flex items-center justify-between gap-3 border-b border-border px-5 py-4">
        <h2 id={titleId} className="text-lg font-semibold">
          {title}
        </h2>
        <button type="button" className="btn-icon" aria-label={closeLabel} onClick={onClose}>
          <svg aria-hidden="true" width="18" height="18" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round">
            <path d="M18 6 6 18M6 6l12 12" />
          </svg>
        </button>
      </div>
      <div className="p-5">{open && children}</div>
    </dialog>
  );
}

/** Button tabs (role=tablist) for views inside one island; arrow keys move between them. */
export function Tabs<V extends string>({ label, tabs, value, onChange, idPrefix, panelId }: { label: string; tabs: { value: V; label: string }[]; value: V; onChange: (v: V) => void; idPrefix: string; panelId: string }) {
  const refs = useRef<(HTMLButtonElement | null)[]>([]);
  return (
    <div role="tablist" aria-label={label} className="mb-6 grid grid-cols-2 gap-1 rounded-xl bg-muted p-1">
      {tabs.map((tab, i) => {
        const selected = value === tab.value;
        return (
          <button
            key={tab.value}
            ref={(el) => {
              refs.current[i] = el;
            }}
            type="button"
            role="tab"
            id={`${idPrefix}-${tab.value}`}
            aria-selected={selected}
            aria-controls={panelId}
            tabIndex={selected ? 0 : -1}
            data-testid={`tab-${tab.value}`}
            onClick={() => onChange(tab.value)}
            onKeyDown={(e) => {
              if (e.key !== 'ArrowLeft' && e.key !== 'ArrowRight') return;
              e.preventDefault();
              const next = (i + (e.key === 'ArrowRight' ? 1 : tabs.length - 1)) % tabs.length;
              onChange(tabs[next].value);
              refs.current[next]?.focus();
            }}
            className={`rounded-lg px-3 py-2 text-sm font-medium transition-colors ${selected ? 'bg-card text-foreground shadow-sm' : 'text-muted-foreground hover:text-foreground'}`}
          >
            {tab.label}
          </button>
        );
      })}
    </div>
  );
}
