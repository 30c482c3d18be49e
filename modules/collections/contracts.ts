import { z } from 'zod';
import { refusals } from '../../events/refusals';

/** The collection form's limits, read by the schema, the forms and their messages. */
export const COLLECTION_LIMITS = {
  name: { min: 3, max: 50 },
  description: { min: 10, max: 200 },
} as const;

/** The collection form's messages, word for word. */
export const COLLECTION_MESSAGES = {
  nameMin: `Collection name must be at least ${COLLECTION_LIMITS.name.min} characters`,
  nameMax: `Collection name must not exceed ${COLLECTION_LIMITS.name.max} characters`,
  descriptionMin: `Description must be at least ${COLLECTION_LIMITS.description.min} characters`,
  descriptionMax: `Description must not exceed ${COLLECTION_LIMITS.description.max} characters`,
  promptId: 'Please choose a prompt.',
} as const;

/** What collections refuse, by code (texts in `refusals:collections.*`). */
export const COLLECTION_REFUSALS = refusals('collections', {
  exists: { kind: 'conflict', text: 'This collection already exists' },
  notFound: { kind: 'not_found', text: 'Collection not found' },
  promptNotFound: { kind: 'not_found', text: 'Prompt not found' },
  notInCollection: { kind: 'not_found', text: 'This prompt is not in the collection' },
});

/** What the dashboard's quick New Collection button sends as the description. */
export const QUICK_COLLECTION_DESCRIPTION = 'My collection of prompts';

/**
 * POST /api/collections: name 3-50, description 10-200 (empty means none), isPublic
 * (default private). The quick button's fixed description is within these bounds.
 */
export const collectionRequest = z.object({
  name: z.string().trim().min(COLLECTION_LIMITS.name.min, COLLECTION_MESSAGES.nameMin).max(COLLECTION_LIMITS.name.max, COLLECTION_MESSAGES.nameMax),
  description: z
    .string()
    .trim()
    .max(COLLECTION_LIMITS.description.max, COLLECTION_MESSAGES.descriptionMax)
    // Empty means none. Reported as zod's own too_small, so the answer carries code and limit like any bound.
    .superRefine((d, ctx) => {
      const minimum = COLLECTION_LIMITS.description.min;
      if (d !== '' && d.length < minimum)
        ctx.addIssue({ code: 'too_small', origin: 'string', minimum, inclusive: true, input: d, message: COLLECTION_MESSAGES.descriptionMin });
    })
    .transform((d) => d || null)
    .nullish()
    .transform((d) => d ?? null),
  isPublic: z.boolean().default(false),
});
export type CollectionRequest = z.output<typeof collectionRequest>;

/**
 * The New Collection dialog (spec, "Collection form"): a description is required there,
 * 10 to 200 characters. The API stays as above, as it also serves the quick button.
 */
export const collectionForm = collectionRequest.extend({
  description: z
    .string()
    .trim()
    .min(COLLECTION_LIMITS.description.min, COLLECTION_MESSAGES.descriptionMin)
    .max(COLLECTION_LIMITS.description.max, COLLECTION_MESSAGES.descriptionMax),
});

/**
 * GET /api/collections/{id}?tag=: its owner's prompts in it that carry their tag (whatever its
 * case); ignored for anyone else, as tags are their owner's alone. Bounded as the tags module
 * bounds a tag filter (twice a tag's 30 characters: what it refuses, it refuses with a code).
 */
export const collectionQuery = z.object({ tag: z.string().trim().min(1).max(60).optional() });

/** POST /api/collections/{id}/prompts */

export const collectionPromptRequest = z.object({
  promptId: z.number({ error: COLLECTION_MESSAGES.promptId }).int(COLLECTION_MESSAGES.promptId).positive(COLLECTION_MESSAGES.promptId),
});

export interface CollectionView {
  id: number;
  name: string;
  description: string | null;
  userId: number;
  isPublic: boolean;
  createdAt: string;
  updatedAt: string;
  promptCount: number;
}
