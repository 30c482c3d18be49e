import { z } from 'zod';

/** The collection form's rules and messages (spec section 5), word for word. */
export const COLLECTION_MESSAGES = {
  nameMin: 'Collection name must be at least 3 characters',
  nameMax: 'Collection name must not exceed 50 characters',
  descriptionMin: 'Description must be at least 10 characters',
  descriptionMax: 'Description must not exceed 200 characters',
  notFound: 'Collection not found',
  promptNotFound: 'Prompt not found',
  notInCollection: 'This prompt is not in the collection',
  promptId: 'Please choose a prompt.',
} as const;

/** What the dashboard's quick New Collection button sends as the description. */
export const QUICK_COLLECTION_DESCRIPTION = 'My collection of prompts';

/**
 * POST /api/collections: name 3-50, description 10-200 (empty means none), isPublic
 * (default private). The quick button's fixed description is within these bounds.
 */
export const collectionRequest = z.object({
  name: z.string().trim().min(3, COLLECTION_MESSAGES.nameMin).max(50, COLLECTION_MESSAGES.nameMax),
  description: z
    .string()
    .trim()
    .max(200, COLLECTION_MESSAGES.descriptionMax)
    .refine((d) => d === '' || d.length >= 10, COLLECTION_MESSAGES.descriptionMin)
    .transform((d) => d || null)
    .nullish()
    .transform((d) => d ?? null),
  isPublic: z.boolean().default(false),
});
export type CollectionRequest = z.output<typeof collectionRequest>;

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
