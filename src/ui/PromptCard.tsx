import type { ReactNode } from 'react';
import type { PromptView, SearchMatch } from '../../modules/prompts/contracts';
import type { Language } from '../i18n/languages';
import { displayAuthor, isHouseAuthor } from '../shared/author';
import { formatDate, formatNumber } from '../shared/format';
import { Avatar } from './Avatar';
import { CategoryBadge, FeaturedBadge, PickBadge, RatingStat } from './Badge';
import { Icon } from './Icon';
import { Marked } from './Marked';
import type { Translate } from './t';

export type CardVariant = 'default' | 'compact' | 'featured';

interface Props {
  prompt: PromptView;
  variant?: CardVariant;
  /** Heading level of the title inside the page outline. */
  level?: 2 | 3;
  t: Translate;
  lng: Language;
  /** The card's actions (default and featured variants): the CardActions island. */
  children?: ReactNode;
  /** Default variant, a saved prompt (bookmark, collection item) that changed since: the diff's link. */
  updatedHref?: string | null;
  /** Default variant: the prompt's shown comments (none: not shown). */
  commentCount?: number;
  /** Default variant, a search's result: the title's matched words marked, and the content's excerpt where they matched. */
  match?: SearchMatch;
}

/**
 * A prompt card in its three variants:
 * - default: badges, author, rating, uses, Save/Saved, Use Prompt, View Details;
 * - compact: title, badge, description, author, rating;
 * - featured: Editor's Choice or Featured badge, rating, author, date, bookmark icon, Use Prompt.
 * The title links to /prompts/{id} and, stretched, makes the whole card clickable. The card
 * itself is static HTML; only its action row (children) hydrates.
 */
export function PromptCard({ prompt, variant = 'default', level = 3, t, lng, children, updatedHref, commentCount = 0, match }: Props) {
  const H = `h${level}` as 'h2' | 'h3';
  const titleId = `p${variant[0]}${prompt.id}`;
  const author = displayAuthor(prompt.authorName, t('prompts:card.deletedUser'));
  const house = isHouseAuthor(prompt.authorName);
  const byline = t('prompts:card.by', { name: author });
  // A member's published prompt links to their page, above the stretched title link so it takes its own clicks.
  const bylineText = (className: string) =>
    prompt.authorId !== null && prompt.isApproved ? (
      <a href={`/members/${prompt.authorId}`} className={`${className} relative z-10 hover:underline`} data-testid="author-link">
        {byline}
      </a>
    ) : (
      <span className={className}>{byline}</span>
    );
  const link = (
    <a href={`/prompts/${prompt.id}`} className="pcard-link">
      <Marked text={prompt.title} ranges={match?.title ?? []} />
    </a>
  );

  // The compact and featured variants' top: the badge and rating on one line, the title below.
  const head = (align: string, badge: ReactNode, ratingClass: string, ratingSize: number | undefined, titleClass: string) => (
    <>
      <div className={`flex ${align} justify-between gap-3`}>
        {badge}
        <RatingStat helpful={prompt.helpfulCount} count={prompt.ratingCount} t={t} lng={lng} size={ratingSize} className={ratingClass} />
      </div>
      <H id={titleId} className={`pcard-title ${titleClass}`}>
        {link}
      </H>
    </>
  );

  if (variant === 'compact') {
    return (
      <article className="card card-hover pcard p-4" aria-labelledby={titleId} data-testid="prompt-card" data-variant="compact">
        {head(
          'items-start',
          <CategoryBadge categoryId={prompt.categoryId} t={t} />,
          'ic text-xs font-medium text-muted-foreground',
          undefined,
          'text-[0.95rem]',
        )}
        <p className="pcard-desc mt-1.5 line-clamp-2">{prompt.description}</p>
        <p className="pcard-meta gap-2">
          <Avatar name={author} src={prompt.authorImage} size="xs" house={house} />
          {bylineText('truncate')}
        </p>
      </article>
    );
  }

  if (variant === 'featured') {
    return (
      <article className="card card-hover pcard overflow-hidden p-6" aria-labelledby={titleId} data-testid="prompt-card" data-variant="featured">
        <div aria-hidden="true" className="absolute inset-x-0 top-0 h-1 bg-gradient-to-r from-violet-600 via-fuchsia-500 to-pink-500" />
        {head(
          'items-center',
          prompt.isEditorsPick ? <PickBadge t={t} size={13} wording="editorsChoice" /> : <FeaturedBadge t={t} size={13} />,
          'ic text-sm font-medium',
          15,
          'mt-4 text-lg',
        )}
        <p className="pcard-desc">{prompt.description}</p>
        <div className="mt-auto flex items-center gap-3 pt-5">
          <Avatar name={author} src={prompt.authorImage} size="sm" house={house} />
          <div className="min-w-0 text-sm">
            <p className="truncate font-medium">{bylineText('')}</p>
            <p className="text-xs text-muted-foreground">
              <time dateTime={prompt.createdAt}>{formatDate(prompt.createdAt, lng)}</time>
            </p>
          </div>
        </div>
        <div className="pcard-actions mt-5">{children}</div>
      </article>
    );
  }

  return (
    <article className="card card-hover pcard @container" aria-labelledby={titleId} data-testid="prompt-card" data-variant="default">
      <div className="flex flex-wrap items-center gap-1.5">
        <CategoryBadge categoryId={prompt.categoryId} t={t} />
        {prompt.isFeatured && <FeaturedBadge t={t} />}
        {prompt.isEditorsPick && <PickBadge t={t} />}
      </div>
      <H id={titleId} className="pcard-title">
        {link}
      </H>
      <p className="pcard-desc">{prompt.description}</p>
      {match?.excerpt && (
        <p className="pcard-excerpt" data-testid="search-excerpt">
          <Marked text={match.excerpt.text} ranges={match.excerpt.ranges} />
        </p>
      )}
      <div className="pcard-meta">
        <span className="flex min-w-0 items-center gap-1.5">
          <Avatar name={author} src={prompt.authorImage} size="xs" house={house} />
          {bylineText('truncate')}
        </span>
        <RatingStat helpful={prompt.helpfulCount} count={prompt.ratingCount} t={t} lng={lng} />
        <span className="ic">
          <Icon name="trending-up" size={13} />
          {t('prompts:card.uses', { count: prompt.usageCount, formatted: formatNumber(prompt.usageCount, lng) })}
        </span>
        {commentCount > 0 && (
          <span className="ic" data-testid="comment-count">
            <Icon name="message" size={13} />
            {t('prompts:card.comments', { count: commentCount, formatted: formatNumber(commentCount, lng) })}
          </span>
        )}
      </div>
      {/* Above the stretched title link, so it takes its own clicks. */}
      {updatedHref && <UpdatedSinceLink href={updatedHref} label={t('prompts:card.updatedSince')} className="relative z-10 mt-3" />}
      <div className="pcard-actions">{children}</div>
    </article>
  );
}

/** "Updated since you saved it": the link to the diff from a saved version (cards and library rows). */
export function UpdatedSinceLink({ href, label, className }: { href: string; label: string; className: string }) {
  return (
    <a
      href={href}
      className={`${className} inline-flex items-center gap-1 self-start text-xs font-medium text-link hover:underline`}
      data-testid="updated-since"
    >
      <Icon name="sparkles" size={13} />
      {label}
    </a>
  );
}
