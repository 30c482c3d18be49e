import { categories, categoryById, SORTS, type Sort } from '../../modules/prompts/contracts';

/**
 * List state lives in the URL (`?tab=&q=&category=&sort=&page=`) so a plain GET form
 * works without JavaScript and every state has a shareable link. Anything malformed
 * falls back to the default instead of failing.
 */

export const PAGE_SIZE = 24;
export const MAX_PAGES = 20;
export const MAX_QUERY_LENGTH = 200;

export const BROWSE_TABS = ['all', 'featured', 'editors-pick'] as const;
export type BrowseTab = (typeof BROWSE_TABS)[number];

export const COMMUNITY_TABS = ['all', 'trending', 'newest'] as const;
export type CommunityTab = (typeof COMMUNITY_TABS)[number];

/** The community list starts unsorted; the browse list starts with "popular". */
export type CommunitySort = Sort | '';

export interface BrowseState {
  tab: BrowseTab;
  q: string;
  /** Category slug, '' for All Categories. */
  category: string;
  sort: Sort;
  page: number;
}

export interface CommunityState {
  tab: CommunityTab;
  q: string;
  category: string;
  sort: CommunitySort;
  page: number;
}

function pick<T extends string>(value: string | null, allowed: readonly T[], fallback: T): T {
  return value && (allowed as readonly string[]).includes(value) ? (value as T) : fallback;
}

function readQuery(params: URLSearchParams): string {
  return (params.get('q') ?? '')
    .replace(/[\r\n\t]+/g, ' ')
    .trim()
    .slice(0, MAX_QUERY_LENGTH);
}

/** A category given by slug or by id; unknown values mean "All Categories". */
export function readCategory(value: string | null): string {
  if (!value) return '';
  const bySlug = categories.find((c) => c.slug === value.toLowerCase());
  if (bySlug) return bySlug.slug;
  if (/^\d+$/.test(value)) {
    const byId = categoryById(Number(value));
    if (byId.id !== 0) return byId.slug;
  }
  return '';
}

function readPage(value: string | null): number {
  const n = Number(value);
  return Number.isInteger(n) && n >= 1 ? Math.min(n, MAX_PAGES) : 1;
}

export function readBrowseState(params: URLSearchParams): BrowseState {
  return {
    tab: pick(params.get('tab'), BROWSE_TABS, 'all'),
    q: readQuery(params),
    category: readCategory(params.get('category')),
    sort: pick(params.get('sort'), SORTS, 'popular'),
    page: readPage(params.get('page')),
  };
}

export function readCommunityState(params: URLSearchParams): CommunityState {
  return {
    tab: pick(params.get('tab'), COMMUNITY_TABS, 'all'),
    q: readQuery(params),
    category: readCategory(params.get('category')),
    sort: pick<CommunitySort>(params.get('sort'), ['', ...SORTS], ''),
    page: readPage(params.get('page')),
  };
}

export function categoryIdOf(slug: string): number | undefined {
  return categories.find((c) => c.slug === slug)?.id;
}

/** A URL for a list state, leaving out every default so links stay short. */
export function browseHref(state: Partial<BrowseState>, path = '/prompts'): string {
  const params = new URLSearchParams();
  if (state.tab && state.tab !== 'all') params.set('tab', state.tab);
  if (state.q) params.set('q', state.q);
  if (state.category) params.set('category', state.category);
  if (state.sort && state.sort !== 'popular') params.set('sort', state.sort);
  if (state.page && state.page > 1) params.set('page', String(state.page));
  const query = params.toString();
  return query ? `${path}?${query}` : path;
}

export function communityHref(state: Partial<CommunityState>, path = '/community'): string {
  const params = new URLSearchParams();
  if (state.tab && state.tab !== 'all') params.set('tab', state.tab);
  if (state.q) params.set('q', state.q);
  if (state.category) params.set('category', state.category);
  if (state.sort) params.set('sort', state.sort);
  if (state.page && state.page > 1) params.set('page', String(state.page));
  const query = params.toString();
  return query ? `${path}?${query}` : path;
}

/** The Community page's leaderboard tab (`?board=`): This Week unless the link says otherwise. */
export const BOARD_TABS = ['week', 'month', 'all'] as const;
export type BoardTab = (typeof BOARD_TABS)[number];
export const readBoard = (params: URLSearchParams): BoardTab => pick(params.get('board'), BOARD_TABS, 'week');
