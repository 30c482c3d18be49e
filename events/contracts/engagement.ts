import { z } from 'zod';

const id = z.number().int().positive();

export const Bookmarked = {
  version: 1,
  schema: z.object({ favoriteId: id, userId: id, promptId: id }),
};

export const BookmarkRemoved = {
  version: 1,
  schema: z.object({ favoriteId: id, userId: id, promptId: id }),
};

/** 1 = Not Helpful, 5 = Helpful. A later Rated by the same user replaces the earlier value. */
export const Rated = {
  version: 1,
  schema: z.object({ userId: id, promptId: id, value: z.union([z.literal(1), z.literal(5)]) }),
};
