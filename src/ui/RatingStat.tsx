import type { Language } from '../i18n/languages';
import { formatNumber } from '../shared/format';
import { cx } from './cx';
import { Icon } from './Icon';
import type { Translate } from './t';

// Its own file, without the category table: the rating card on every detail page imports it,
// and a page's first script should not carry the prompts' contracts (and zod) for a star.
/**
 * The star, the score and how many rated it ("★ 5 · 12 ratings"); an unrated prompt reads
 * "No ratings yet" rather than a bare 0, which looked like a verdict. The score's words are
 * for screen readers.
 */
export function RatingStat({
  rating,
  count,
  t,
  lng,
  size = 13,
  className = 'ic',
}: {
  rating: number;
  count: number;
  t: Translate;
  lng: Language;
  size?: number;
  className?: string;
}) {
  if (count <= 0) {
    return (
      <span className={cx(className, 'whitespace-nowrap')} data-testid="rating-stat">
        <Icon name="star" size={size} className="text-star" />
        <span className="text-muted-foreground">{t('prompts:card.noRatings')}</span>
      </span>
    );
  }
  const ratings = t('prompts:card.ratings', { count, formatted: formatNumber(count, lng) });
  return (
    <span className={cx(className, 'whitespace-nowrap')} data-testid="rating-stat">
      <Icon name="star" size={size} className="text-star" filled />
      <span className="sr-only">{`${t('prompts:card.ratingLabel', { rating })}, ${ratings}`}</span>
      <span aria-hidden="true">
        {rating}
        <span className="text-muted-foreground"> · {ratings}</span>
      </span>
    </span>
  );
}
