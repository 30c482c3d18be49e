/**
 * The signed-in user's library on the client: bookmarks, ratings,
 * history and collections. Islands import it lazily (`import('./library')`) once a user is
 * known, so visitors never download it. Pages are the same HTML for everyone: what is
 * personal is loaded here and kept in the shared stores.
 */
import type { CollectionView } from '../../modules/collections/contracts';
import type { FavoriteView, RatingValue } from '../../modules/engagement/contracts';
import type { Page, PromptView } from '../../modules/prompts/contracts';
import { $currentUser } from './current-user';
import * as routes from '../shared/api-routes.generated';
import { api, HttpError } from './http';
import { pageT } from './strings';
import { $bookmarkedIds, $ratingAggregates, $ratings } from './stores';
import { reserveToast } from '../ui/toast-store';

export type Favorite = FavoriteView & { prompt: PromptView };

/** Favorite ids from the list or a create reply, remembered for removal. */
const favoriteIds = new Map<number, number>();
let bookmarksLoad: Promise<void> | null = null;

/**
 * Every page of a paged list, one request (of at most 100 rows) after another: for the few
 * places that need the whole set (which prompts are bookmarked, the collection picker).
 */
export async function allPages<T>(fetchPage: (cursor?: number) => Promise<Page<T>>): Promise<T[]> {
  const all: T[] = [];
  let cursor: number | undefined;
  for (;;) {
    const page = await fetchPage(cursor);
    all.push(...page.items);
    if (page.nextCursor === null) return all;
    cursor = page.nextCursor;
  }
}

/** Loads the user's bookmarks once per page; failures are only logged. */
export function loadBookmarks(): Promise<void> {
  bookmarksLoad ??= allPages((cursor) => api(routes.myBookmarks, { query: { cursor, limit: 100 } }))
    .then((list) => {
      for (const f of list) favoriteIds.set(f.promptId, f.id);
      $bookmarkedIds.set(new Set(list.map((f) => f.promptId)));
    })
    .catch((error) => console.error(error));
  return bookmarksLoad;
}

/** One page of the user's bookmarks (the dashboard tab's Load more asks for the next). */
export function myBookmarks(cursor?: number): Promise<Page<Favorite>> {
  return api(routes.myBookmarks, { query: { cursor } });
}

function setBookmarked(promptId: number, on: boolean) {
  const next = new Set($bookmarkedIds.get());
  if (on) next.add(promptId);
  else next.delete(promptId);
  $bookmarkedIds.set(next);
}

/**
 * Bookmarks or un-bookmarks a prompt; resolves to the new state, or the old one on failure
 * ("Operation failed"). Removal uses the remembered favorite id, else the prompt id.
 */
export async function toggleBookmark(promptId: number): Promise<boolean> {
  const toast = reserveToast();
  const t = pageT();
  // A click before the page has read the bookmarks waits for them: they say whether this is an
  // add or a removal, and a list read before the click must not set the button back after it.
  if (bookmarksLoad) await bookmarksLoad;
  const was = $bookmarkedIds.get().has(promptId);
  try {
    if (was) {
      await api(routes.removeBookmark, { params: { id: favoriteIds.get(promptId) ?? promptId } });
      favoriteIds.delete(promptId);
    } else {
      const created = await api(routes.bookmark, { body: { promptId } });
      favoriteIds.set(promptId, created.id);
    }
    setBookmarked(promptId, !was);
    toast({ title: was ? t('common:library.bookmarkRemoved') : t('common:library.bookmarkAdded') });
    return !was;
  } catch (error) {
    console.error(error);
    toast({
      variant: 'destructive',
      title: t('common:library.bookmarkFailed.title'),
      description: t('common:library.bookmarkFailed.description'),
      ...tooFast(error, t('common:library.tooFast')),
    });
    return was;
  }
}

/** Removes a bookmark from the dashboard (its own toasts: "Removed from favorites" / "Failed to remove"). */
export async function removeFavorite(favorite: { id: number; promptId: number }): Promise<void> {
  if (bookmarksLoad) await bookmarksLoad;
  await api(routes.removeBookmark, { params: { id: favorite.id } });
  favoriteIds.delete(favorite.promptId);
  setBookmarked(favorite.promptId, false);
}

/** The stored rating of a prompt for the signed-in user; failures are only logged. */
export async function loadRating(promptId: number): Promise<void> {
  try {
    const { value } = await api(routes.myRating, { params: { id: promptId } });
    if (value && $ratings.get()[String(promptId)] === undefined) $ratings.setKey(String(promptId), value);
  } catch (error) {
    console.error(error);
  }
}

/** Shows the chosen value at once, then submits it; the prompt's aggregate follows the reply. */
export async function rate(promptId: number, value: RatingValue): Promise<void> {
  const toast = reserveToast();
  const t = pageT();
  const key = String(promptId);
  const before = $ratings.get()[key];
  $ratings.setKey(key, value);
  try {
    const reply = await api(routes.rate, { body: { userId: $currentUser.get()?.id, promptId, value } });
    $ratingAggregates.setKey(key, { ratingCount: reply.ratingCount, helpfulCount: reply.helpfulCount });
    toast({ title: t('common:library.rated.title'), description: t('common:library.rated.description') });
  } catch (error) {
    console.error(error);
    if ($ratings.get()[key] === value) $ratings.setKey(key, before);
    toast({
      variant: 'destructive',
      title: t('common:library.rateFailed.title'),
      description: t('common:library.rateFailed.description'),
      ...tooFast(error, t('common:library.tooFast')),
    });
  }
}

/** The history entry after a use; only for a signed-in user. */
/** With fill-in values, the server fills the entry's text and remembers them for the panel's suggestions. */
export async function recordHistory(promptId: number, values?: Record<string, string>): Promise<void> {
  await api(routes.recordHistory, { body: { promptId, values } });
}

export type HistoryEntry = { id: number; promptId: number; usedAt: string; prompt: PromptView };
export function myHistory(cursor?: number): Promise<Page<HistoryEntry>> {
  return api(routes.myHistory, { query: { cursor } });
}

export function myCollections(cursor?: number): Promise<Page<CollectionView>> {
  return api(routes.myCollections, { query: { cursor } });
}

export function createCollection(body: { name: string; description: string | null; isPublic: boolean }): Promise<CollectionView> {
  return api(routes.createCollection, { body });
}

export async function deleteCollection(id: number): Promise<void> {
  await api(routes.deleteCollection, { params: { id } });
}

/** Adding a prompt that is already in the collection changes nothing and succeeds. */
export async function addToCollection(collectionId: number, promptId: number): Promise<void> {
  await api(routes.addToCollection, { params: { id: collectionId }, body: { promptId } });
}

export async function removeFromCollection(collectionId: number, promptId: number): Promise<void> {
  await api(routes.removeFromCollection, { params: { id: collectionId, promptId } });
}

/** A write the per-account limit refused (429) says so, in place of the generic failure text. */
export function tooFast(error: unknown, text: string): { description: string } | undefined {
  return error instanceof HttpError && error.status === 429 ? { description: text } : undefined;
}
