import { z } from 'zod';
import { numbered, refusals } from '../../events/refusals';
import { TAG_LIMITS } from './limits';

export * from './limits';

/** What tagging refuses, by code (texts in `refusals:tags.*`). */
export const TAG_REFUSALS = refusals('tags', {
  promptNotFound: { kind: 'not_found', text: 'Prompt not found' },
  tagNotFound: { kind: 'not_found', text: 'You have no tag named {{tag}}', values: { tag: 'string' } },
  tooLong: numbered('invalid', 'A tag can have at most {{limit}} characters'),
  tooManyOnPrompt: numbered('invalid', 'A prompt can have at most {{limit}} tags'),
  tooManyInLibrary: numbered('conflict', 'Your library can have at most {{limit}} different tags'),
  empty: { kind: 'invalid', text: 'A tag needs at least one letter or number' },
  undoGone: {
    kind: 'conflict',
    text: 'The tag {{tag}} can no longer be put back: your tags changed since, or it was deleted too long ago',
    values: { tag: 'string' },
  },
});

// The schemas bound what is parsed; the product's limits (TAG_LIMITS) are the decision's, refused with a code.
const tagText = z.string().max(200);

/** PUT /api/prompts/{id}/tags: the prompt's whole set of tags (empty: none). */
export const setTagsRequest = z.object({ tags: z.array(tagText).max(100) });

/** POST /api/me/tags/rename: every prompt tagged `from` is tagged `to`; an existing `to` merges the two. */
export const renameTagRequest = z.object({ from: tagText.min(1), to: tagText.min(1) });

/** POST /api/me/tags/delete: the tag leaves every prompt; POST /api/me/tags/undo-delete: it comes back to them. */
export const deleteTagRequest = z.object({ tag: tagText.min(1) });

/** A tag filter in a query (`?tag=`): one tag, matched whatever its case. */
export const tagFilter = z
  .string()
  .trim()
  .min(1)
  .max(TAG_LIMITS.length * 2)
  .optional();

/** One of the person's tags and how many of their prompts carry it. */
export interface TagView {
  tag: string;
  count: number;
}

/** What a tag change answers: the prompt's tags now. */
export interface PromptTagsView {
  promptId: number;
  tags: string[];
}

/** What a rename, merge or delete answers: the library's tags now (`merged`: the new name was a tag already). */
export interface TagChangeView {
  tags: TagView[];
  merged?: boolean;
}
