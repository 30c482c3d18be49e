import { z } from 'zod';

const id = z.number().int().positive();

/**
 * A member imported a file of prompts (POST /api/me/import): each prompt is its own
 * `PromptSavedPrivately` (with `importBatch`), appended in the same transaction as this record
 * of the batch, which its undo reads. `collectionIds`: the collections the file brought, made
 * in the same transaction (version 1 had none: []).
 */
export const PromptsImported = {
  version: 2,
  schema: z.object({ batchId: id, userId: id, format: z.string(), promptIds: z.array(id), collectionIds: z.array(id).default([]) }),
  upcast: (data: unknown) => data,
};

/** The import was undone: `removed` were discarded; `kept` had been shared with the community since. */
export const ImportUndone = {
  version: 1,
  schema: z.object({ batchId: id, userId: id, removed: z.array(id), kept: z.array(id) }),
};
