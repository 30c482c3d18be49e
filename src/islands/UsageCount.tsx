import { $usageCounts } from '../client/stores';
import { formatNumber } from '../shared/format';
import { translator, type Strings } from '../shared/strings';
import type { ScopeOf } from '../shared/string-specs';
import { useHydratedStore } from '../ui/hooks';

/**
 * A prompt's use count and its unit ("1 use", "2 uses"): the server's figure, then the fresh
 * one after the viewer copies it (the unit follows the figure).
 */
export default function UsageCount({ id, count, strings }: { id: number; count: number; strings: Strings<ScopeOf<'detail'>> }) {
  const t = translator(strings);
  const shown = useHydratedStore($usageCounts, {})[String(id)] ?? count;
  return (
    <>
      <span className="font-semibold" data-usage-count={id} data-testid="usage-count">
        {formatNumber(shown, strings.lng)}
      </span>{' '}
      <span className="text-muted-foreground">{t('detail.usesUnit', { count: shown })}</span>
    </>
  );
}
