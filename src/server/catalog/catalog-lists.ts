import type { Sql } from '../../../events';
import { PRODUCT_NAME, type OwnPromptView, type PromptView, type RejectedVersion, type SearchMatch } from '../../../modules/prompts/contracts';
import { getPromptAccess, getPublicPrompt, listPrompts, withMatches, type ListQuery } from '../../../projections/catalog/queries';
import { otherScriptSpellings } from '../../../projections/search-fold';
import { getVersionRating } from '../../../projections/engagement/queries';
import { getStandingRejection } from '../../../projections/review/queries';
import { tagsOfPrompts } from '../../../projections/tags/queries';
import { categoryIdOf, PAGE_SIZE, type BrowseState, type CommunityState } from '../../shared/list-params';

/** Trending and Newest show 6 prompts each. */
export const COMMUNITY_SHORT_LIST = 6;

export interface ListPage {
  /** `match`: with a search, what the result's card marks. */
  prompts: (PromptView & { match?: SearchMatch })[];
  /** Whether another page follows. */
  hasMore: boolean;
  /** With no result: the query in the other Chinese script, when that finds something (the empty state offers it). */
  otherSpelling?: string;
}

/**
 * `full`: everything up to the state's page (a page load or a no-JS "Load more" link);
 * `append`: only the state's page (the list script appends it to what is shown).
 */
export type PageMode = 'full' | 'append';

function rangeOf(state: { page: number }, mode: PageMode) {
  return mode === 'append' ? { offset: (state.page - 1) * PAGE_SIZE, limit: PAGE_SIZE } : { offset: 0, limit: state.page * PAGE_SIZE };
}

async function page(sql: Sql, query: ListQuery, win: { offset: number; limit: number }): Promise<ListPage> {
  const rows = await listPrompts(sql, { ...query, offset: win.offset, limit: win.limit + 1 });
  const { q } = query;
  const prompts = rows.slice(0, win.limit);
  if (q && rows.length === 0 && win.offset === 0) {
    const otherSpelling = await spellingThatFinds(sql, query, q);
    if (otherSpelling) return { prompts: [], hasMore: false, otherSpelling };
  }
  return { prompts: q ? await withMatches(sql, prompts, q) : prompts, hasMore: rows.length > win.limit };
}

/** The first of the query's other-script spellings (search-fold.ts) that finds a prompt in the same list. */
async function spellingThatFinds(sql: Sql, query: ListQuery, q: string): Promise<string | undefined> {
  for (const spelling of await otherScriptSpellings(q)) {
    if ((await listPrompts(sql, { ...query, q: spelling, offset: 0, limit: 1 })).length) return spelling;
  }
  return undefined;
}

/** Browse: the tab's source, then category, then search text, then sort. */
export function loadBrowse(sql: Sql, state: BrowseState, mode: PageMode = 'full'): Promise<ListPage> {
  return page(sql, { source: state.tab, q: state.q || undefined, categoryId: categoryIdOf(state.category), sort: state.sort }, rangeOf(state, mode));
}

/**
 * Community lists hide the house's own prompts. All: filtered, unsorted unless a sort is
 * chosen (Top Rated there lists lowest first, unlike browse's). Trending: top 6 by uses.
 * Newest: the 6 latest.
 */
export function loadCommunity(sql: Sql, state: CommunityState, mode: PageMode = 'full'): Promise<ListPage> {
  const base = { excludeAuthorContaining: PRODUCT_NAME };
  if (state.tab === 'trending') return page(sql, { ...base, sort: 'popular' }, { offset: 0, limit: COMMUNITY_SHORT_LIST }).then(short);
  if (state.tab === 'newest') return page(sql, { ...base, sort: 'newest' }, { offset: 0, limit: COMMUNITY_SHORT_LIST }).then(short);
  // Unsorted is any order: with a query, the order of relevance.
  const sort = state.sort === '' ? (state.q ? 'relevance' : 'none') : state.sort === 'rating' ? 'rating-asc' : state.sort;
  return page(sql, { ...base, q: state.q || undefined, categoryId: categoryIdOf(state.category), sort }, rangeOf(state, mode));
}

function short(list: ListPage): ListPage {
  return { prompts: list.prompts, hasMore: false };
}

/**
 * What pages read from the catalog, bound to the app's database. Middleware puts it on
 * `Astro.locals.catalog`, so pages never hold a raw `Db` nor look the app up themselves.
 */
export interface CatalogReader {
  home(): Promise<{ featured: PromptView[]; editorsPicks: PromptView[] }>;
  browse(state: BrowseState, mode?: PageMode): Promise<ListPage>;
  community(state: CommunityState, mode?: PageMode): Promise<ListPage>;
  prompt(id: number): Promise<PromptView | null>;
  /** A prompt as the viewer may see it (its author and the admin see it unpublished) and whether they may edit it: the edit and versions pages. */
  access(id: number, viewer: { userId: number | null; isAdmin: boolean }): Promise<{ prompt: OwnPromptView; mayEdit: boolean; isAuthor: boolean } | null>;
  /**
   * A prompt that is not public, for the one viewer who may see it at /prompts/{id} (its author;
   * the admin, unless it is private), with the standing rejection's reason and note; null for
   * everyone else, and for a public prompt.
   */
  unpublished(
    id: number,
    viewer: { userId: number | null; isAdmin: boolean },
  ): Promise<{ prompt: OwnPromptView; rejection: RejectedVersion | null; isAuthor: boolean } | null>;
  /** How the users whose current rating is on `version` rated it (the detail page's "This version" figure). */
  versionRating(id: number, version: number): Promise<{ version: number; count: number; helpful: number }>;
  /** The tags `userId` put on prompt `id` (tags are their owner's alone: callers ask for the viewer who wrote it). */
  ownTags(id: number, userId: number): Promise<string[]>;
}

const readers = new WeakMap<object, CatalogReader>();

export function catalogReader(sql: Sql): CatalogReader {
  let reader = readers.get(sql);
  if (!reader) {
    reader = {
      home: async () => {
        const [featured, editorsPicks] = await Promise.all([
          listPrompts(sql, { source: 'featured', sort: 'popular', limit: 3 }),
          listPrompts(sql, { source: 'editors-pick', sort: 'popular', limit: 4 }),
        ]);
        return { featured, editorsPicks };
      },
      browse: (state, mode) => loadBrowse(sql, state, mode),
      community: (state, mode) => loadCommunity(sql, state, mode),
      prompt: (id) => getPublicPrompt(sql, id),
      access: (id, viewer) => getPromptAccess(sql, id, viewer),
      unpublished: async (id, viewer) => {
        if (viewer.userId === null) return null;
        const found = await getPromptAccess(sql, id, viewer);
        if (!found || found.prompt.status === 'approved') return null;
        const rejection = found.prompt.status === 'rejected' ? await getStandingRejection(sql, id) : null;
        return { prompt: found.prompt, rejection, isAuthor: found.isAuthor };
      },
      versionRating: (id, version) => getVersionRating(sql, id, version),
      ownTags: async (id, userId) => (await tagsOfPrompts(sql, userId, [id])).get(id) ?? [],
    };
    readers.set(sql, reader);
  }
  return reader;
}
