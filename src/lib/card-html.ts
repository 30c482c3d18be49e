import type { TFunction } from 'i18next';
import { categoryById, type PromptView } from '../../modules/prompts/contracts';
import { iconHtml } from '../components/icon-paths';
import type { Language } from '../i18n/languages';
import { displayAuthor, isHouseAuthor } from './author';
import { formatDate, formatNumber } from './format';
import { initials } from './initials';

/**
 * Prompt card markup as a string (components/PromptCard.astro wraps it). Lists render
 * dozens of cards per request; building each as one string instead of a tree of Astro
 * components (icons, avatar, buttons) and caching the fixed translations per language
 * makes an uncached /prompts render several times faster. Every dynamic value is escaped.
 */

export type CardVariant = 'default' | 'compact' | 'featured';

export interface CardContext {
  t: TFunction;
  lng: Language;
  /** Visitors get the Save / bookmark control (signed-in behaviour comes with the bookmarks issue). */
  signedIn: boolean;
}

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
export function esc(value: string | number): string {
  return String(value).replace(/[&<>"']/g, (c) => ESCAPES[c]);
}

/** Avatar colour class for a name (components/Avatar.astro uses the same). */
export function avatarColour(name: string, house: boolean): string {
  if (house) return 'av-house';
  let hash = 0;
  for (const ch of name) hash = (hash * 31 + ch.codePointAt(0)!) >>> 0;
  return `av-${hash % 6}`;
}

export function avatarHtml(name: string, src: string | null, size: 'xs' | 'sm' | 'md' | 'lg', house: boolean): string {
  if (src && /^https?:\/\//i.test(src)) {
    return `<img src="${esc(src)}" alt="" width="40" height="40" loading="lazy" decoding="async" referrerpolicy="no-referrer" class="avatar avatar-${size} object-cover ring-1 ring-border">`;
  }
  return `<span aria-hidden="true" class="avatar avatar-${size} ${avatarColour(name, house)}">${esc(initials(name) || '?')}</span>`;
}

interface Fixed {
  featured: string;
  editorsPick: string;
  editorsChoice: string;
  usePrompt: string;
  viewDetails: string;
  save: string;
  bookmark: string;
  categories: Map<number, string>;
}

const fixedByLanguage = new Map<string, Fixed>();

function fixed(t: TFunction, lng: Language): Fixed {
  let f = fixedByLanguage.get(lng);
  if (!f) {
    f = {
      featured: esc(t('prompts:badges.featured')),
      editorsPick: esc(t('prompts:badges.editorsPick')),
      editorsChoice: esc(t('prompts:badges.editorsChoice')),
      usePrompt: esc(t('prompts:actions.usePrompt')),
      viewDetails: esc(t('prompts:actions.viewDetails')),
      save: esc(t('prompts:actions.save')),
      bookmark: esc(t('prompts:actions.bookmark')),
      categories: new Map(),
    };
    fixedByLanguage.set(lng, f);
  }
  return f;
}

function categoryLabel(f: Fixed, t: TFunction, id: number): string {
  let label = f.categories.get(id);
  if (label === undefined) {
    const category = categoryById(id);
    label = esc(t(`prompts:categories.${category.slug}`, { defaultValue: category.name }));
    f.categories.set(id, label);
  }
  return label;
}

export function promptCardHtml(prompt: PromptView, variant: CardVariant, level: 2 | 3, ctx: CardContext): string {
  const { t, lng } = ctx;
  const f = fixed(t, lng);
  const h = `h${level}`;
  const href = `/prompts/${prompt.id}`;
  const titleId = `p${variant[0]}${prompt.id}`;
  const title = esc(prompt.title);
  const author = displayAuthor(prompt.authorName);
  const house = isHouseAuthor(prompt.authorName);
  const byline = esc(t('prompts:card.by', { name: author }));
  const rated = prompt.rating > 0;
  const rating = (size: number, cls: string) =>
    `<span class="${cls}">${iconHtml('star', size, 'text-star', rated)}<span class="sr-only">${esc(
      t('prompts:card.ratingLabel', { rating: prompt.rating }),
    )}</span><span aria-hidden="true">${prompt.rating}</span></span>`;
  const link = `<a href="${href}" class="pcard-link">${title}</a>`;
  const category = `<span class="badge badge-category">${categoryLabel(f, t, prompt.categoryId)}</span>`;

  if (variant === 'compact') {
    return (
      `<article class="card card-hover pcard p-4" aria-labelledby="${titleId}" data-testid="prompt-card" data-variant="compact">` +
      `<div class="flex items-start justify-between gap-3">${category}${rating(13, 'ic text-xs font-medium text-muted-foreground')}</div>` +
      `<${h} id="${titleId}" class="pcard-title text-[0.95rem]">${link}</${h}>` +
      `<p class="pcard-desc mt-1.5 line-clamp-2">${esc(prompt.description)}</p>` +
      `<p class="pcard-meta gap-2">${avatarHtml(author, prompt.authorImage, 'xs', house)}<span class="truncate">${byline}</span></p>` +
      `</article>`
    );
  }

  const use = (size: number, extra: string) =>
    `<a href="${href}" class="btn btn-sm btn-primary${extra}" data-use-prompt="${prompt.id}" data-testid="use-prompt">${iconHtml('copy', size)}${f.usePrompt}</a>`;

  if (variant === 'featured') {
    const badge = prompt.isEditorsPick
      ? `<span class="badge badge-pick">${iconHtml('award', 13)}${f.editorsChoice}</span>`
      : `<span class="badge badge-featured">${iconHtml('sparkles', 13)}${f.featured}</span>`;
    const bookmark = ctx.signedIn
      ? ''
      : `<button type="button" class="btn-icon js-only" data-bookmark="${prompt.id}" aria-label="${f.bookmark}" data-tooltip="${f.bookmark}">${iconHtml('bookmark', 18)}</button>`;
    return (
      `<article class="card card-hover pcard overflow-hidden p-6" aria-labelledby="${titleId}" data-testid="prompt-card" data-variant="featured">` +
      `<div aria-hidden="true" class="absolute inset-x-0 top-0 h-1 bg-gradient-to-r from-violet-600 via-fuchsia-500 to-pink-500"></div>` +
      `<div class="flex items-center justify-between gap-3">${badge}${rating(15, 'ic text-sm font-medium')}</div>` +
      `<${h} id="${titleId}" class="pcard-title mt-4 text-lg">${link}</${h}>` +
      `<p class="pcard-desc">${esc(prompt.description)}</p>` +
      `<div class="mt-auto flex items-center gap-3 pt-5">${avatarHtml(author, prompt.authorImage, 'sm', house)}` +
      `<div class="min-w-0 text-sm"><p class="truncate font-medium">${byline}</p>` +
      `<p class="text-xs text-muted-foreground"><time datetime="${esc(prompt.createdAt)}">${esc(formatDate(prompt.createdAt, lng))}</time></p></div></div>` +
      `<div class="pcard-actions mt-5">${bookmark}${use(15, ' ml-auto')}</div>` +
      `</article>`
    );
  }

  const badges =
    category +
    (prompt.isFeatured ? `<span class="badge badge-featured">${iconHtml('sparkles', 12)}${f.featured}</span>` : '') +
    (prompt.isEditorsPick ? `<span class="badge badge-pick">${iconHtml('award', 12)}${f.editorsPick}</span>` : '');
  const uses = esc(t('prompts:card.uses', { count: prompt.usageCount, formatted: formatNumber(prompt.usageCount, lng) }));
  const save = ctx.signedIn
    ? ''
    : `<button type="button" class="btn btn-outline js-only btn-sm" data-bookmark="${prompt.id}" aria-pressed="false">${iconHtml('bookmark', 14)}${f.save}</button>`;
  return (
    `<article class="card card-hover pcard @container" aria-labelledby="${titleId}" data-testid="prompt-card" data-variant="default">` +
    `<div class="flex flex-wrap items-center gap-1.5">${badges}</div>` +
    `<${h} id="${titleId}" class="pcard-title">${link}</${h}>` +
    `<p class="pcard-desc">${esc(prompt.description)}</p>` +
    `<div class="pcard-meta"><span class="flex min-w-0 items-center gap-1.5">${avatarHtml(author, prompt.authorImage, 'xs', house)}<span class="truncate">${byline}</span></span>` +
    `${rating(13, 'ic')}<span class="ic">${iconHtml('trending-up', 13)}${uses}</span></div>` +
    `<div class="pcard-actions">${save}${use(14, '')}` +
    `<a href="${href}" class="btn btn-sm btn-ghost ml-auto px-2.5" aria-label="${esc(t('prompts:actions.viewDetailsOf', { title: prompt.title }))}" data-tooltip="${f.viewDetails}">` +
    `<span class="hidden @[20rem]:inline">${f.viewDetails}</span>${iconHtml('arrow-right', 14)}</a></div>` +
    `</article>`
  );
}
