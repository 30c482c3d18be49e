import { z } from 'zod';

const id = z.number().int().positive();

/**
 * A member imported a file of prompts (POST /api/me/import): each prompt is its own
 * `PromptSavedPrivately` (with `importBatch`), appended in the same transaction as this record
 * of the batch, which its undo reads.
 */
export const PromptsImported = {
  version: 1,
  schema: z.object({ batchId: id, userId: id, format: z.string(), promptIds: z.array(id) }),
};

/** The import was undone: `removed` were discarded; `kept` had been shared with the community since. */
export const ImportUndone = {
  version: 1,
  schema: z.object({ batchId: id, userId: id, removed: z.array(id), kept: z.array(id) }),
};
