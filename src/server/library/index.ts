import type { APIContext } from 'astro';
import type { PromptView, SearchMatch } from '../../../modules/prompts/contracts';
import { getPublicPrompts, listPrompts, withMatches } from '../../../projections/catalog/queries';
import { collectionItems, getCollection } from '../../../projections/collections/queries';
import { listFavorites } from '../../../projections/engagement/queries';
import { categoryIdOf, type BrowseSort } from '../../shared/list-params';
import type { App } from '../app';
import { clientIp } from '../rate-limit';

/**
 * Nests each row's public prompt (bookmarks, history, collection pages), keeping the rows' order;
 * with `ownerId`, that user's own unpublished prompts too.
 */
export async function withPrompts<T extends { promptId: number }>(app: App, rows: T[], ownerId: number | null = null): Promise<(T & { prompt: PromptView })[]> {
  const prompts = await getPublicPrompts(
    app.db,
    rows.map((r) => r.promptId),
    ownerId,
  );
  return rows.flatMap((r) => {
    const prompt = prompts.get(r.promptId);
    return prompt ? [{ ...r, prompt }] : [];
  });
}

/**
 * A collection with its prompts, or null: public collections for anyone, private ones only
 * for their owner (the API and the /collections/{id} page answer others exactly as missing).
 * Its owner sees their own private (or otherwise unpublished) prompts in it too, marked
 * `isApproved: false`; everyone else sees its public prompts only.
 */
export async function collectionWithPrompts(app: App, id: number, viewerId: number | null) {
  const collection = await getCollection(app.db, id, viewerId);
  if (!collection) return null;
  const owner = viewerId !== null && collection.userId === viewerId ? viewerId : null;
  const items = await withPrompts(app, await collectionItems(app.db, id), owner);
  return { ...collection, prompts: items.map((i) => ({ ...i.prompt, savedVersion: i.savedVersion })) };
}

/** The Bookmarks tab's list state (the browse page's, less tab and page). */
type BookmarkFilter = { q: string; category: string; sort: BrowseSort };

/**
 * The browse page's Bookmarks tab: the user's bookmarked prompts, filtered and
 * sorted by the catalog's own query, so the tab and the catalog list them in one order (ties
 * included). Every bookmark is listed: no paging, as one user's bookmarks are few.
 */
async function bookmarkedPrompts(
  app: App,
  userId: number,
  state: BookmarkFilter,
): Promise<(PromptView & { savedVersion: number | null; match?: SearchMatch })[]> {
  const favorites = await listFavorites(app.db, userId);
  const saved = new Map(favorites.map((f) => [f.promptId, f.savedVersion]));
  const prompts = await listPrompts(app.db, {
    ids: [...saved.keys()],
    q: state.q,
    categoryId: state.category ? categoryIdOf(state.category) : undefined,
    sort: state.sort,
    limit: saved.size,
  });
  // The version each was bookmarked at: the tab says "Updated since you saved it" past it.
  const listed = prompts.map((p) => ({ ...p, savedVersion: saved.get(p.id) ?? null }));
  return state.q ? withMatches(app.db, listed, state.q) : listed;
}

/**
 * Copies and history entries are throttled per client address (RATE_LIMIT_USE_PER_IP per
 * RATE_LIMIT_WINDOW_SECONDS): 429 with Retry-After past it.
 */
export async function throttleUse(app: App, context: Pick<APIContext, 'request' | 'clientAddress'>): Promise<void> {
  await app.limiter.hit('use', { ip: clientIp(context, app.config.trustProxy) });
}

/**
 * One account's writes, counted by the composition root's rate limiter: `submit` (prompts
 * sent for review), `library` (ratings, bookmarks, collections, history), `data`, `comment`,
 * `report` or `token` (access tokens created and revoked). Past the
 * account's limit (or the looser one per client address): 429 with Retry-After and the
 * action's message, before anything is read or appended.
 */
export async function throttleAccount(
  app: App,
  context: Pick<APIContext, 'request' | 'clientAddress'>,
  action: 'submit' | 'library' | 'data' | 'comment' | 'report' | 'token',
  userId: number,
): Promise<void> {
  await app.limiter.hit(action, { ip: clientIp(context, app.config.trustProxy), account: `user:${userId}` });
}

/**
 * What pages read from a user's library, bound to the app. The request middleware puts it on
 * `Astro.locals.library`, so pages never hold the app or a raw `Db`.
 */
export interface LibraryReader {
  /** The browse page's Bookmarks tab (`bookmarkedPrompts`). */
  bookmarks(userId: number, state: BookmarkFilter): Promise<(PromptView & { savedVersion: number | null; match?: SearchMatch })[]>;
  /** The /collections/{id} page (`collectionWithPrompts`: null when the viewer may not see it). */
  collection(id: number, viewerId: number | null): ReturnType<typeof collectionWithPrompts>;
}

export function libraryReader(app: App): LibraryReader {
  return {
    bookmarks: (userId, state) => bookmarkedPrompts(app, userId, state),
    collection: (id, viewerId) => collectionWithPrompts(app, id, viewerId),
  };
}
