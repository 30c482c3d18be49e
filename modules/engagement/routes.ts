import { idParams } from '../../events/ids';
import { route } from '../../events/route';
import { pageQuery, type Page } from '../../events/paging';
import type { PromptView } from '../prompts/contracts';
import {
  favoriteRequest,
  historyRequest,
  ratingRequest,
  type FavoriteView,
  type HistoryEntryView,
  type RatingValue,
  type RatingView,
  type RecentValues,
} from './contracts';

/** A bookmark or history entry as the lists answer it: with its prompt. */
export type WithPrompt<T> = T & { prompt: PromptView };

/** Bookmarks, ratings and usage history over HTTP. */
export const engagementRoutes = {
  bookmark: route<Pick<FavoriteView, 'id' | 'userId' | 'promptId'>>()({
    method: 'POST',
    path: '/api/favorites',
    caller: 'user',
    reads: ['engagement'],
    body: favoriteRequest,
    summary: 'Bookmarks a public prompt: 201 with the favorite, or 200 with the same id when it was already bookmarked.',
  }),
  removeBookmark: route<{ id: number; promptId: number }>()({
    method: 'DELETE',
    path: '/api/favorites/{id}',
    caller: 'user',
    reads: ['engagement'],
    params: idParams,
    summary: "Removes one of the user's bookmarks by favorite id or by prompt id.",
  }),
  myBookmarks: route<Page<WithPrompt<FavoriteView>>>()({
    method: 'GET',
    path: '/api/favorites/my',
    caller: 'user',
    device: true,
    query: pageQuery,
    summary: "The signed-in user's bookmarks, newest first, each with its prompt (paged: limit ≤ 100).",
  }),
  rate: route<RatingView>()({
    method: 'POST',
    path: '/api/ratings',
    caller: 'user',
    // The tally comes from the ratings written in the rating's own transaction, so the rating
    // waits for nothing; the catalog and the boards catch up behind, and the rater's next page waits for them.
    reads: ['engagement'],
    body: ratingRequest,
    summary: 'Rates a public prompt 1 (Not Helpful) or 5 (Helpful); a later rating replaces the earlier.',
  }),
  myRating: route<{ value: RatingValue | null }>()({
    method: 'GET',
    path: '/api/prompts/{id}/rating',
    caller: 'user',
    params: idParams,
    summary: "The signed-in user's rating of a public prompt: 1, 5 or null.",
  }),
  recordHistory: route<HistoryEntryView>()({
    method: 'POST',
    path: '/api/history',
    caller: 'user',
    reads: ['engagement', 'recent_values'],
    body: historyRequest,
    summary:
      "Adds a use of a public prompt to the signed-in user's history; with `values` (fill-in values), the entry's modifiedContent is the prompt filled with them and the values are remembered.",
  }),
  recentValues: route<RecentValues>()({
    method: 'GET',
    path: '/api/prompts/{id}/recent-values',
    caller: 'user',
    // Read-only: the extension's fill-in will offer the same suggestions.
    device: true,
    params: idParams,
    summary:
      "The signed-in user's last 5 distinct values for each variable of a public prompt: this prompt's first, then the same name's on their other prompts.",
  }),
  clearRecentValues: route<{ cleared: true }>()({
    method: 'DELETE',
    path: '/api/me/recent-values',
    caller: 'web-user',
    reads: ['recent_values'],
    summary: "Forgets the signed-in user's remembered fill-in values (their history entries stay).",
  }),
  myHistory: route<Page<WithPrompt<HistoryEntryView>>>()({
    method: 'GET',
    path: '/api/history/my',
    caller: 'user',
    query: pageQuery,
    summary: "The signed-in user's usage history, newest first, each with its prompt (paged: limit ≤ 100).",
  }),
};
