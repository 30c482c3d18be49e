import { z } from 'zod';

const id = z.number().int().positive();

/**
 * A user bookmarked a prompt. The event's log position is the favorite's id. `version`: the
 * prompt's public version then (so a replay knows what was saved); version 1 had none: null.
 */
export const Bookmarked = {
  version: 2,
  schema: z.object({ userId: id, promptId: id, version: id.nullable().default(null) }),
  upcast: (data: unknown) => data,
};

/** `favoriteId`: the position of the Bookmarked event it removes. */
export const BookmarkRemoved = {
  version: 1,
  schema: z.object({ favoriteId: id, userId: id, promptId: id }),
};

const ratingValue = z.union([z.literal(1), z.literal(5)]);

/**
 * 1 = Not Helpful, 5 = Helpful. A later Rated by the same user replaces the earlier value;
 * `previous` is the value it replaces (null for a first rating), so counters need no lookup.
 * `version`: the public version the user rated (version 1 of the event had none: null).
 */
export const Rated = {
  version: 2,
  schema: z.object({
    userId: id,
    promptId: id,
    value: ratingValue,
    previous: ratingValue.nullable().default(null),
    version: id.nullable().default(null),
  }),
  upcast: (data: unknown) => data,
};

/** A user cleared their remembered fill-in values: the suggestions forget every value recorded before it. */
export const RecentValuesCleared = {
  version: 1,
  schema: z.object({ userId: id }),
};
