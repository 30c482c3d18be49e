import { Button, type ButtonVariant } from './Button';

/** The form's submit button; disabled with a spinner while the call runs. Full width unless `inline`. */
export function Submit({
  busy,
  label,
  busyLabel,
  testId,
  variant,
  inline = false,
}: {
  busy: boolean;
  label: string;
  busyLabel: string;
  testId?: string;
  variant?: ButtonVariant;
  inline?: boolean;
}) {
  return (
    <Button type="submit" variant={variant} className={inline ? undefined : 'w-full'} disabled={busy} aria-busy={busy} data-testid={testId}>
      {busy && <span aria-hidden="true" className="size-4 animate-spin rounded-full border-2 border-current border-r-transparent" />}
      {busy ? busyLabel : label}
    </Button>
  );
}
