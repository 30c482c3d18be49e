import { z } from 'zod';

/**
 * Requests and answers of the bookmark, rating and history endpoints (pure: islands and
 * the extension may import this).
 */
export const ENGAGEMENT_MESSAGES = {
  promptId: 'Please choose a prompt.',
  ratingValue: 'A rating is 1 (Not Helpful) or 5 (Helpful).',
  bookmarkNotFound: 'Bookmark not found',
  promptNotFound: 'Prompt not found',
} as const;

/**
 * The answer (429) past the per-account limit on library writes: ratings, bookmarks,
 * collections and history entries (RATE_LIMIT_LIBRARY_PER_ACCOUNT; src/server/rate-limit.ts).
 */
export const LIBRARY_MESSAGES = {
  tooFast: 'You are doing that too often. Please wait a few minutes and try again.',
} as const;

export const NOT_HELPFUL = 1;
export const HELPFUL = 5;

const promptId = z.number({ error: ENGAGEMENT_MESSAGES.promptId }).int(ENGAGEMENT_MESSAGES.promptId).positive(ENGAGEMENT_MESSAGES.promptId);

/** POST /api/favorites */
export const favoriteRequest = z.object({ promptId });

/** POST /api/ratings. `userId` is accepted for the documented payload and ignored: the caller is the session's user. */
export const ratingRequest = z.object({
  userId: z.unknown().optional(),
  promptId,
  value: z.union([z.literal(NOT_HELPFUL), z.literal(HELPFUL)], { error: ENGAGEMENT_MESSAGES.ratingValue }),
});
export type RatingValue = typeof NOT_HELPFUL | typeof HELPFUL;

/** POST /api/history */
export const historyRequest = z.object({
  promptId,
  modifiedContent: z.string().max(20_000).optional(),
});

/** One bookmark; the list nests the prompt (its view type is the catalog's PromptView). */
export interface FavoriteView {
  id: number;
  userId: number;
  promptId: number;
  createdAt: string;
}

export interface RatingView {
  userId: number;
  promptId: number;
  value: RatingValue;
  /** The prompt's aggregate after this rating (see docs/architecture.md, "Ratings"). */
  rating: number;
  ratingCount: number;
}

export interface HistoryEntryView {
  id: number;
  userId: number;
  promptId: number;
  usedAt: string;
  modifiedContent: string | null;
}
