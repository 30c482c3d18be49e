import { useEffect } from 'react';
import { $currentUser } from '../client/current-user';
import { askToSignInToRate } from '../client/prompt-actions';
import { $ratingAggregates, $ratings } from '../client/stores';
import { RatingStat } from '../ui/RatingStat';
import { RatingChoices } from '../ui/PromptControls';
import { useHydratedStore } from '../ui/hooks';
import { library } from './library/bookmark';
import { translator, type Strings } from '../shared/strings';
import { RATING_CARD_ID, signInHref } from '../shared/return-to';
import type { ScopeOf } from '../shared/string-specs';

interface Props {
  promptId: number;
  /** `STRING_SPECS.detail`. */
  strings: Strings<ScopeOf<'detail'>>;
}

/**
 * The rating card's controls: Not Helpful (1) and Helpful (5). A
 * visitor is told to sign in and sent to /auth, which brings them back to the card. A signed-in user's stored rating loads when
 * the prompt opens; a choice shows at once, then is submitted; the thanks line shows once a
 * rating exists.
 */
export default function RatingControls({ promptId, strings }: Props) {
  const t = translator(strings);
  const labels = { notHelpful: t('rating.notHelpful'), helpful: t('rating.helpful') };
  const user = useHydratedStore($currentUser, undefined);
  const value = useHydratedStore($ratings, {})[String(promptId)];
  useEffect(() => {
    if (user) void library().then((l) => l.loadRating(promptId));
  }, [user, promptId]);
  if (user) {
    return (
      <>
        <RatingChoices labels={labels} value={value} onRate={(v) => void library().then((l) => l.rate(promptId, v))} />
        {value && (
          <p className="mt-3 text-sm text-muted-foreground" role="status" data-testid="rating-thanks">
            {t('rating.thanks')}
          </p>
        )}
      </>
    );
  }
  return (
    <>
      <RatingChoices labels={labels} onRate={askToSignInToRate} />
      <p className="no-js-only text-sm">
        <a href={signInHref(`/prompts/${promptId}#${RATING_CARD_ID}`)} className="font-medium text-link hover:underline">
          {t('rating.signIn')}
        </a>
      </p>
    </>
  );
}

/** A prompt's share of Helpful ratings and count: the server's figures, then the fresh aggregate after the viewer rates it. */
export function RatingAggregate({
  id,
  helpful,
  count,
  strings,
  className,
}: {
  id: number;
  /** How many rated it Helpful, of `count`. */
  helpful: number;
  count: number;
  /** `STRING_SPECS.detail`. */
  strings: Strings<ScopeOf<'detail'>>;
  className?: string;
}) {
  const fresh = useHydratedStore($ratingAggregates, {})[String(id)];
  return (
    <span data-rating-aggregate={id} data-testid="rating-aggregate">
      <RatingStat
        helpful={fresh?.helpfulCount ?? helpful}
        count={fresh?.ratingCount ?? count}
        t={translator(strings)}
        lng={strings.lng}
        size={16}
        className={className}
      />
    </span>
  );
}
