/** A status message inside a form or panel (e.g. "Check your email"). */
export function Notice({ title, description, testId = 'notice' }: { title?: string; description: string; testId?: string }) {
  return (
    <div role="status" className="mb-5 rounded-xl border border-primary/30 bg-accent px-4 py-3 text-sm text-accent-foreground" data-testid={testId}>
      {title && <p className="font-semibold">{title}</p>}
      <p>{description}</p>
    </div>
  );
}
