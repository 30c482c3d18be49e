import { z } from 'zod';
import { ownedBy } from '../personal';

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
  // Its name and description are its owner's words; the collection goes with them.
  personal: ownedBy('userId', { name: '', description: null }),
};

export const CollectionDeleted = {
  version: 1,
  schema: z.object({ collectionId: id, userId: id }),
};

/** `version`: the prompt's public version when added (version 1 of the event had none: null). */
export const PromptAddedToCollection = {
  version: 2,
  schema: z.object({ collectionId: id, promptId: id, version: id.nullable().default(null) }),
  upcast: (data: unknown) => data,
};

export const PromptRemovedFromCollection = {
  version: 1,
  schema: z.object({ collectionId: id, promptId: id }),
};
