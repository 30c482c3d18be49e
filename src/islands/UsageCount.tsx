import { $usageCounts } from '../client/stores';
import { useHydratedStore } from '../ui/hooks';

/** A prompt's use count: the server's figure, then the fresh one after the viewer copies it. */
export default function UsageCount({ id, count, lng }: { id: number; count: number; lng: string }) {
  const fresh = useHydratedStore($usageCounts, {})[String(id)];
  return (
    <span className="font-semibold" data-usage-count={id} data-testid="usage-count">
      {new Intl.NumberFormat(lng).format(fresh ?? count)}
    </span>
  );
}
