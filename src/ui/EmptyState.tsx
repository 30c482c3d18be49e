import { Icon, type IconName } from './Icon';
import { buttonClass } from './Button';

interface Props {
  title: string;
  description?: string;
  actionHref?: string;
  actionLabel?: string;
  icon?: IconName;
  /** The action swaps the list in place (the LiveList island). */
  live?: boolean;
}

/** The empty state of a list ("No prompts found"), with an optional action. */
export function EmptyState({ title, description, actionHref, actionLabel, icon = 'search', live = false }: Props) {
  return (
    <div className="flex flex-col items-center rounded-2xl border border-dashed border-border px-6 py-16 text-center" data-testid="empty-state">
      <span className="inline-flex size-12 items-center justify-center rounded-full bg-muted text-muted-foreground">
        <Icon name={icon} size={22} />
      </span>
      <h3 className="mt-4 text-lg font-semibold">{title}</h3>
      {description && <p className="mt-1.5 max-w-md text-sm text-muted-foreground">{description}</p>}
      {actionHref && actionLabel && (
        <a href={actionHref} className={buttonClass({ variant: 'outline', className: 'mt-5' })} data-live-link={live ? '' : undefined}>
          {actionLabel}
        </a>
      )}
    </div>
  );
}
