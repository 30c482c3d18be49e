import { Button } from './Button';

/** The form's submit button; disabled with a spinner while the call runs. */
export function Submit({ busy, label, busyLabel, testId }: { busy: boolean; label: string; busyLabel: string; testId?: string }) {
  return (
    <Button type="submit" className="w-full" disabled={busy} aria-busy={busy} data-testid={testId}>
      {busy && <span aria-hidden="true" className="size-4 animate-spin rounded-full border-2 border-current border-r-transparent" />}
      {busy ? busyLabel : label}
    </Button>
  );
}
