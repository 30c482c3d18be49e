import { useId, useState, type ComponentProps, type ReactNode } from 'react';
import { cx } from './cx';
import { FieldError } from './FieldError';
import { Input } from './Input';
import { Label } from './Label';
import { Textarea } from './Textarea';

/** Native attributes (maxLength, autoComplete, placeholder, inputMode...) go to the control as given. */
type NativeProps = Omit<ComponentProps<'input'>, 'value' | 'onChange' | 'children' | 'name' | 'ref'>;

export interface FieldProps extends NativeProps {
  label: ReactNode;
  name: string;
  value: string;
  onChange: (v: string) => void;
  error?: string;
  help?: string;
  /** A multi-line text area of this many rows instead of an input. */
  rows?: number;
  /** Labels of the password visibility toggle. */
  showLabel?: string;
  hideLabel?: string;
}

/** A labelled input with its help text and error (aria-describedby), and a show/hide toggle for passwords. */
export function Field({
  label,
  name,
  type = 'text',
  value,
  onChange,
  error,
  help,
  rows,
  showLabel = 'Show password',
  hideLabel = 'Hide password',
  id: givenId,
  className,
  ...native
}: FieldProps) {
  const generatedId = useId();
  const id = givenId ?? generatedId;
  const [shown, setShown] = useState(false);
  const isPassword = type === 'password';
  const describedBy = [error ? `${id}-error` : null, help ? `${id}-help` : null].filter(Boolean).join(' ') || undefined;
  return (
    <div className="space-y-1.5">
      <Label htmlFor={id}>{label}</Label>
      <div className="relative">
        {rows ? (
          <Textarea
            {...(native as ComponentProps<'textarea'>)}
            id={id}
            name={name}
            rows={rows}
            value={value}
            onChange={(e) => onChange(e.target.value)}
            invalid={!!error}
            aria-describedby={describedBy}
            className={className}
          />
        ) : (
          <Input
            {...native}
            id={id}
            name={name}
            type={isPassword && shown ? 'text' : type}
            value={value}
            onChange={(e) => onChange(e.target.value)}
            invalid={!!error}
            aria-describedby={describedBy}
            className={cx(isPassword && 'pr-11', className)}
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
      {/* The help stays beside an error: it says what the field wants, the error what is wrong. */}
      {help && (
        <p id={`${id}-help`} className="text-xs text-muted-foreground">
          {help}
        </p>
      )}
      {error && (
        <FieldError id={`${id}-error`} data-testid={`error-${name}`}>
          {error}
        </FieldError>
      )}
    </div>
  );
}

function EyeIcon({ crossed }: { crossed: boolean }) {
  return (
    <svg
      aria-hidden="true"
      width="18"
      height="18"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      <path d="M2 12s3.5-7 10-7 10 7 10 7-3.5 7-10 7S2 12 2 12Z" />
      <circle cx="12" cy="12" r="3" />
      {crossed && <path d="m3 3 18 18" />}
    </svg>
  );
}
