import { z } from 'zod';

const id = z.number().int().positive();

/** The admin featured a member on the Community page (with their best prompts). */
export const MemberFeatured = {
  version: 1,
  schema: z.object({ userId: id, featuredBy: id.nullable() }),
};

/** The admin took a member off the Community page's featured members. */
export const MemberUnfeatured = {
  version: 1,
  schema: z.object({ userId: id, unfeaturedBy: id.nullable() }),
};
