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

/** The community list starts unsorted (with a query: by relevance); the browse list starts with "popular". */
export type CommunitySort = Sort | '';

/** Browse's sorts: with a query, "relevance" ranks the matches and is the default (docs/search.md). */
export type BrowseSort = Sort | 'relevance';
export const BROWSE_SORTS: readonly BrowseSort[] = ['relevance', ...SORTS];

/** The browse sort a state has unless its address names another: relevance with a query, popular without. */
export const defaultBrowseSort = (q: string): 'relevance' | 'popular' => (q ? 'relevance' : 'popular');

export interface BrowseState {
  tab: BrowseTab;
  q: string;
  /** Category slug, '' for All Categories. */
  category: string;
  sort: BrowseSort;
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

/** `?page=`: how many pages a list shows (1 when missing or malformed, at most `max`). */
export function readPage(value: string | null, max = MAX_PAGES): number {
  const n = Number(value);
  return Number.isInteger(n) && n >= 1 ? Math.min(n, max) : 1;
}

export function readBrowseState(params: URLSearchParams): BrowseState {
  const q = readQuery(params);
  return {
    tab: pick(params.get('tab'), BROWSE_TABS, 'all'),
    q,
    category: readCategory(params.get('category')),
    sort: pick(params.get('sort'), BROWSE_SORTS, defaultBrowseSort(q)),
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

/**
 * The browse sort select: its first option ('') is the default (Relevance with a query, Most
 * Popular without), so a form sent without JavaScript and a link that names no sort both get
 * it; the rest name a sort the address keeps.
 */
export function browseSortChoices(state: { q: string; sort: BrowseSort }): { sort: string; sorts: string[]; defaultSortLabel: 'relevance' | 'popular' } {
  const fallback = defaultBrowseSort(state.q);
  return {
    sort: state.sort === fallback ? '' : state.sort,
    sorts: ['', ...SORTS.filter((s) => s !== fallback)],
    defaultSortLabel: fallback,
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
  if (state.sort && state.sort !== defaultBrowseSort(state.q ?? '')) params.set('sort', state.sort);
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
