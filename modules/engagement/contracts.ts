import { z } from 'zod';
import { refusals } from '../../events/refusals';

/**
 * Requests and answers of the bookmark, rating and history endpoints (pure: islands and
 * the extension may import this).
 */
export const ENGAGEMENT_MESSAGES = {
  promptId: 'Please choose a prompt.',
  ratingValue: 'A rating is 1 (Not Helpful) or 5 (Helpful).',
} as const;

/** What bookmarks, ratings and history refuse, by code (texts in `refusals:engagement.*`). */
export const ENGAGEMENT_REFUSALS = refusals('engagement', {
  bookmarkNotFound: { kind: 'not_found', text: 'Bookmark not found' },
  promptNotFound: { kind: 'not_found', text: 'Prompt not found' },
});

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

/** The fill-in values a history entry may carry (POST /api/history) and the suggestions kept of them. */
export const RECENT_VALUES_LIMITS = {
  names: { max: 50 },
  name: { max: 100 },
  value: { max: 5_000 },
  /** Distinct values suggested per variable (GET /api/prompts/{id}/recent-values). */
  suggestions: 5,
} as const;

export const RECENT_VALUES_MESSAGES = {
  tooMany: `At most ${RECENT_VALUES_LIMITS.names.max} values.`,
  name: `A variable name is 1 to ${RECENT_VALUES_LIMITS.name.max} characters.`,
  value: `A value must not exceed ${RECENT_VALUES_LIMITS.value.max} characters.`,
  both: 'Send either the values or the modified content, not both.',
} as const;

/**
 * name → value; bounded so one entry stays small (the event, the read model, the request).
 * Names are checked here rather than by a key schema, so their issues carry zod's own
 * `too_small` / `too_big` code and limit (a key schema reports only `invalid_key`).
 */
export const fillValues = z.record(z.string(), z.string().max(RECENT_VALUES_LIMITS.value.max, RECENT_VALUES_MESSAGES.value)).superRefine((values, ctx) => {
  const names = Object.keys(values);
  const maximum = RECENT_VALUES_LIMITS.names.max;
  if (names.length > maximum)
    ctx.addIssue({ code: 'too_big', origin: 'object', maximum, inclusive: true, input: values, message: RECENT_VALUES_MESSAGES.tooMany });
  for (const name of names) {
    if (name.length === 0)
      ctx.addIssue({ code: 'too_small', origin: 'string', minimum: 1, inclusive: true, input: name, path: [name], message: RECENT_VALUES_MESSAGES.name });
    const longest = RECENT_VALUES_LIMITS.name.max;
    if (name.length > longest)
      ctx.addIssue({ code: 'too_big', origin: 'string', maximum: longest, inclusive: true, input: name, path: [name], message: RECENT_VALUES_MESSAGES.name });
  }
});

/**
 * POST /api/history. With `values` the server fills the prompt's content itself (the
 * entry's modifiedContent then is exactly what those values make of the prompt), so a
 * client sends one or the other.
 */
export const historyRequest = z
  .object({
    promptId,
    modifiedContent: z.string().max(20_000).optional(),
    values: fillValues.optional(),
  })
  .refine((r) => r.values === undefined || r.modifiedContent === undefined, { message: RECENT_VALUES_MESSAGES.both, path: ['values'] });

/** GET /api/prompts/{id}/recent-values: per variable of the prompt, the user's last distinct values, newest first. */
export type RecentValues = Record<string, string[]>;

/** One bookmark; the list nests the prompt (its view type is the catalog's PromptView). */
export interface FavoriteView {
  id: number;
  userId: number;
  promptId: number;
  createdAt: string;
  /** The prompt's public version when bookmarked (null: bookmarked before versions were recorded). */
  savedVersion: number | null;
}

export interface RatingView {
  userId: number;
  promptId: number;
  value: RatingValue;
  /** The prompt's aggregate after this rating (see docs/library.md, "Ratings and usage counts"). */
  rating: number;
  ratingCount: number;
  /** How many of the ratings are Helpful. */
  helpfulCount: number;
}

export interface HistoryEntryView {
  id: number;
  userId: number;
  promptId: number;
  usedAt: string;
  modifiedContent: string | null;
  /** The fill-in values the copy was filled with (null: none, or an entry from before values were kept). */
  values: Record<string, string> | null;
}
