import type { Language } from '../i18n/languages';
import { formatNumber } from '../shared/format';
import { cx } from './cx';
import { Icon } from './Icon';
import type { Translate } from './t';

// Its own file, without the category table: the rating card on every detail page imports it,
// and a page's first script should not carry the prompts' contracts (and zod) for a star.
/**
 * A prompt's rating as every screen shows it: the spec's ratings are Helpful or Not Helpful, so
 * the figure is the share of Helpful and how many rated ("86% helpful · 14 ratings"); an unrated
 * prompt reads "No ratings yet" rather than a bare 0, which looked like a verdict.
 */
export function RatingStat({
  helpful,
  count,
  t,
  lng,
  size = 13,
  className = 'ic',
}: {
  /** How many rated it Helpful, of `count`. */
  helpful: number;
  count: number;
  t: Translate;
  lng: Language;
  size?: number;
  className?: string;
}) {
  if (count <= 0) {
    return (
      <span className={cx(className, 'whitespace-nowrap')} data-testid="rating-stat">
        <Icon name="thumbs-up" size={size} className="text-muted-foreground" />
        <span className="text-muted-foreground">{t('prompts:card.noRatings')}</span>
      </span>
    );
  }
  const share = t('prompts:card.helpful', { percent: helpfulPercent(helpful, count) });
  const ratings = t('prompts:card.ratings', { count, formatted: formatNumber(count, lng) });
  return (
    <span className={cx(className, 'whitespace-nowrap')} data-testid="rating-stat">
      <Icon name="thumbs-up" size={size} className="text-star" />
      <span>
        {share}
        <span className="text-muted-foreground"> · {ratings}</span>
      </span>
    </span>
  );
}

/** The share of Helpful ratings, in whole percent (the one rounding every screen uses). */
export function helpfulPercent(helpful: number, count: number): number {
  return count > 0 ? Math.round((100 * helpful) / count) : 0;
}
