import { z } from 'zod';

const id = z.number().int().positive();

export const CollectionCreated = {
  version: 1,
  schema: z.object({
    collectionId: id,
    userId: id,
    name: z.string(),
    description: z.string().nullable(),
    isPublic: z.boolean(),
  }),
};

export const CollectionDeleted = {
  version: 1,
  schema: z.object({ collectionId: id, userId: id }),
};

export const PromptAddedToCollection = {
  version: 1,
  schema: z.object({ collectionId: id, promptId: id }),
};

export const PromptRemovedFromCollection = {
  version: 1,
  schema: z.object({ collectionId: id, promptId: id }),
};
