export type SkeletonVariant = 'default' | 'compact' | 'featured';

/** A loading placeholder shaped like a prompt card of the given variant. */
export function SkeletonCard({ variant = 'default' }: { variant?: SkeletonVariant }) {
  const full = variant !== 'compact';
  return (
    <div className="card flex h-full flex-col p-5" data-testid="skeleton-card" aria-hidden="true">
      <div className="flex gap-2">
        <div className="skeleton h-5 w-20 rounded-full" />
        {full && <div className="skeleton h-5 w-16 rounded-full" />}
      </div>
      <div className="skeleton mt-4 h-5 w-4/5" />
      <div className="skeleton mt-3 h-3.5 w-full" />
      <div className="skeleton mt-2 h-3.5 w-11/12" />
      {full && <div className="skeleton mt-2 h-3.5 w-2/3" />}
      <div className="mt-auto flex items-center gap-2 pt-5">
        <div className="skeleton size-6 rounded-full" />
        <div className="skeleton h-3.5 w-24" />
      </div>
      {full && (
        <div className="mt-4 flex gap-2 border-t border-border pt-4">
          <div className="skeleton h-8 w-20" />
          <div className="skeleton h-8 w-28" />
        </div>
      )}
    </div>
  );
}

/**
 * Placeholders while a list loads (3 featured, 4 editor's pick, 6 on browse
 * and community). List pages render it inside a <template>; LiveList shows it while it waits.
 */
export function SkeletonGrid({
  count,
  variant = 'default',
  columns = 'sm:grid-cols-2 lg:grid-cols-3',
  loadingLabel,
}: {
  count: number;
  variant?: SkeletonVariant;
  columns?: string;
  loadingLabel: string;
}) {
  return (
    <div className={`grid grid-cols-1 gap-5 ${columns}`} data-testid="skeleton-grid" role="status" aria-live="polite">
      <span className="sr-only">{loadingLabel}</span>
      {Array.from({ length: count }, (_, i) => (
        <SkeletonCard key={i} variant={variant} />
      ))}
    </div>
  );
}
