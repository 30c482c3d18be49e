import { z } from 'zod';
import { ownedBy } from '../personal';

const id = z.number().int().positive();

/**
 * A person's own tags on their own prompts (modules/tags), one stream per person
 * (`tags-{userId}`). Tags are their owner's words and no one else's to read, even on a
 * published prompt: sealed with their key, they read as nothing once the person is forgotten.
 */

/** The prompt's tags are now `tags` (the whole set, in the owner's order; empty: none). */
export const PromptTagsSet = {
  version: 1,
  schema: z.object({ userId: id, promptId: id, tags: z.array(z.string()) }),
  personal: ownedBy('userId', { tags: [] }),
};

/**
 * Every prompt of the person tagged `from` is tagged `to` instead. When `to` was already one
 * of their tags this is a merge: a prompt that had both keeps one.
 */
export const TagRenamed = {
  version: 1,
  schema: z.object({ userId: id, from: z.string(), to: z.string() }),
  personal: ownedBy('userId', { from: '', to: '' }),
};

/** The tag is gone from every prompt of the person. */
export const TagDeleted = {
  version: 1,
  schema: z.object({ userId: id, tag: z.string() }),
  personal: ownedBy('userId', { tag: '' }),
};
