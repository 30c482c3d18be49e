import type { APIContext } from 'astro';
import type { PromptView, SearchMatch } from '../../../modules/prompts/contracts';
import { getPublicPrompts, listPrompts, withMatches } from '../../../projections/catalog/queries';
import { collectionItems, getCollection } from '../../../projections/collections/queries';
import { listFavorites } from '../../../projections/engagement/queries';
import { tagsOfPrompts } from '../../../projections/tags/queries';
import { tagKey, type TagView } from '../../../modules/tags/contracts';
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
export async function collectionWithPrompts(app: App, id: number, viewerId: number | null, tag?: string) {
  const found = await collectionWithTags(app, id, viewerId, tag);
  if (!found) return null;
  // The route's answer stays as declared: tags are the page's, not the API's.
  const { tags: _, prompts, ...collection } = found;
  return { ...collection, prompts: prompts.map(({ tags: __, ...p }) => p) };
}

/**
 * `collectionWithPrompts` as its page shows it: for its owner, `tags` are their tags on the
 * prompts in it with how many carry each (A to Z), and `tag` keeps those prompts that carry it
 * (whatever its case); anyone else gets no tags, and `tag` changes nothing for them (tags are
 * their owner's alone: a filter would tell which prompts carry one).
 */
export async function collectionWithTags(app: App, id: number, viewerId: number | null, tag?: string) {
  const collection = await getCollection(app.db, id, viewerId);
  if (!collection) return null;
  const owner = viewerId !== null && collection.userId === viewerId ? viewerId : null;
  const items = await withPrompts(app, await collectionItems(app.db, id), owner);
  const prompts = items.map((i) => ({ ...i.prompt, savedVersion: i.savedVersion }));
  if (owner === null) return { ...collection, prompts: prompts.map((p) => ({ ...p, tags: [] as string[] })), tags: null };
  const tagged = await tagsOfPrompts(
    app.db,
    owner,
    prompts.map((p) => p.id),
  );
  const counts = new Map<string, TagView>();
  for (const list of tagged.values())
    for (const t of list) {
      const key = tagKey(t);
      counts.set(key, { tag: counts.get(key)?.tag ?? t, count: (counts.get(key)?.count ?? 0) + 1 });
    }
  const tags = [...counts.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([, v]) => v);
  const wanted = tag ? tagKey(tag) : null;
  const shown = wanted === null ? prompts : prompts.filter((p) => tagged.get(p.id)?.some((t) => tagKey(t) === wanted));
  return { ...collection, prompts: shown.map((p) => ({ ...p, tags: tagged.get(p.id) ?? [] })), tags };
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
  /** The /collections/{id} page (`collectionWithTags`: null when the viewer may not see it). */
  collection(id: number, viewerId: number | null, tag?: string): ReturnType<typeof collectionWithTags>;
}

export function libraryReader(app: App): LibraryReader {
  return {
    bookmarks: (userId, state) => bookmarkedPrompts(app, userId, state),
    collection: (id, viewerId, tag) => collectionWithTags(app, id, viewerId, tag),
  };
}
