import { useEffect, useState } from 'react';
import { $currentUser } from '../client/current-user';
import { rateOrAskToSignIn } from '../client/prompt-actions';
import { useAuthorship } from '../client/prompt-copies';
import { $ratingAggregates, $ratings } from '../client/stores';
import { RatingStat } from '../ui/RatingStat';
import { buttonClass } from '../ui/Button';
import { Icon } from '../ui/Icon';
import { RatingChoices } from '../ui/PromptControls';
import { Button } from '../ui/Button';
import { askToDelete, restoreDeleted, type DeletionT } from './shared/review-parts';
import { PublishedPromptTags } from './my-prompts/PromptTags';
import { useHydratedStore } from '../ui/hooks';
import { library } from './library/bookmark';
import { translator, type Strings, type T } from '../shared/strings';
import { RATING_CARD_ID, signInHref } from '../shared/return-to';
import type { ScopeOf } from '../shared/string-specs';

interface Props {
  promptId: number;
  /**
   * The author's account when public: its author gets their own actions here instead of Rate.
   * Null (a pen name, the house's, a deleted account's): a signed-in viewer asks the server.
   */
  authorId: number | null;
  /** The server's figures for the card's summary (`RatingAggregate`). */
  helpful: number;
  count: number;
  /** `STRING_SPECS.detail`. */
  strings: Strings<ScopeOf<'detail'>>;
  /** The prompt's title, which names its owner's tag field. */
  title: string;
  /** `STRING_SPECS.promptTags`: its owner's tag field. */
  tagStrings: Strings<ScopeOf<'promptTags'>>;
}

/**
 * The rating card's controls: Not Helpful (1) and Helpful (5). A
 * visitor is told to sign in and sent to /auth, which brings them back to the card. A signed-in user's stored rating loads when
 * the prompt opens; a choice shows at once, then is submitted; the thanks line shows once a
 * rating exists.
 */
export default function RatingControls({ promptId, authorId, helpful, count, strings, title, tagStrings }: Props) {
  const t = translator(strings);
  const user = useHydratedStore($currentUser, undefined);
  // The page is shared by everyone (page cache): who wrote it is known only once hydrated, and
  // behind a pen name only once the server has said so.
  const own = useAuthorship(promptId, authorId);
  return (
    <>
      <h2 id="rating-card-title" className="text-sm font-semibold">
        {t(own ? 'rating.ownTitle' : 'rating.title')}
      </h2>
      <p className="mt-1 text-sm text-muted-foreground">{t(own ? 'rating.ownText' : 'rating.subtitle')}</p>
      <p className="mt-3 text-sm" data-testid="rating-card-summary">
        <RatingAggregate id={promptId} helpful={helpful} count={count} strings={strings} className="ic gap-1.5 font-medium" />
      </p>
      <div className="mt-4">
        {own ? <OwnPromptActions promptId={promptId} title={title} tagStrings={tagStrings} t={t} /> : <Choices promptId={promptId} signedIn={!!user} t={t} />}
      </div>
    </>
  );
}

function Choices({ promptId, signedIn, t }: { promptId: number; signedIn: boolean; t: T<ScopeOf<'detail'>> }) {
  const labels = { notHelpful: t('rating.notHelpful'), helpful: t('rating.helpful') };
  const value = useHydratedStore($ratings, {})[String(promptId)];
  useEffect(() => {
    if (signedIn) void library().then((l) => l.loadRating(promptId));
  }, [signedIn, promptId]);
  if (signedIn) {
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
      <RatingChoices labels={labels} onRate={(v) => void rateOrAskToSignIn(promptId, v)} />
      <p className="no-js-only text-sm">
        <a href={signInHref(`/prompts/${promptId}#${RATING_CARD_ID}`)} className="font-medium text-link hover:underline">
          {t('rating.signIn')}
        </a>
      </p>
    </>
  );
}

/**
 * The author's own actions on their published prompt: their rating would not count, and
 * reporting it makes no sense. Delete withdraws it from the public lists into Recently deleted,
 * with Undo in the toast; the card then says so and offers Restore (the rest of the page is the
 * shared one, as it stood). Undone at once, it is published again and the card shows these
 * actions again; restored later, it stands withdrawn, as the question said: only its author sees
 * it, on its own page, which the card links to. Under the actions, their own tags on it
 * (private: asked for once hydrated).
 */
const backAs = (status: string | undefined): 'shown' | 'restored' => (status === 'approved' ? 'shown' : 'restored');

function OwnPromptActions({
  promptId,
  title,
  tagStrings,
  t,
}: {
  promptId: number;
  title: string;
  tagStrings: Strings<ScopeOf<'promptTags'>>;
  t: T<ScopeOf<'detail'>>;
}) {
  const [state, setState] = useState<'shown' | 'deleted' | 'restored'>('shown');
  const deletion: DeletionT = (key) => t(`review:${key}`);
  if (state === 'restored')
    return (
      <p className="text-sm text-muted-foreground" role="status" data-testid="own-restored">
        <a href={`/prompts/${promptId}`} className="font-medium text-link hover:underline">
          {t('review:own.withdrawnNotice')}
        </a>
      </p>
    );
  if (state === 'deleted')
    return (
      <div role="status" data-testid="own-deleted">
        <p className="text-sm text-muted-foreground">{t('rating.deletedNotice')}</p>
        <Button
          icon="rotate-ccw"
          variant="outline"
          size="sm"
          className="mt-3"
          onClick={() => void restoreDeleted(promptId, deletion).then((status) => status && setState(backAs(status)))}
          data-testid="own-restore"
        >
          {t('rating.restore')}
        </Button>
      </div>
    );
  return (
    <>
      <div className="flex flex-wrap gap-2" data-testid="own-actions">
        <a href={`/prompts/${promptId}/edit`} className={buttonClass({ variant: 'outline', size: 'sm' })} data-testid="own-edit">
          <Icon name="pen-line" size={14} />
          {t('rating.edit')}
        </a>
        <a href={`/prompts/${promptId}/versions`} className={buttonClass({ variant: 'ghost', size: 'sm' })} data-testid="own-versions">
          <Icon name="clock" size={14} />
          {t('rating.versions')}
        </a>
        <a href="/dashboard?tab=prompts" className={buttonClass({ variant: 'ghost', size: 'sm' })} data-testid="own-manage">
          {t('rating.manage')}
        </a>
        <Button
          icon="trash"
          variant="ghost"
          size="sm"
          onClick={() => void askToDelete(promptId, 'approved', deletion, (restored, status) => setState(restored ? backAs(status) : 'deleted'))}
          data-testid="own-delete"
        >
          {t('rating.delete')}
        </Button>
      </div>
      <PublishedPromptTags promptId={promptId} title={title} strings={tagStrings} />
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
