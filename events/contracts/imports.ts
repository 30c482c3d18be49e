import { z } from 'zod';

const id = z.number().int().positive();

/**
 * A member imported a file of prompts (POST /api/me/import): each prompt is its own
 * `PromptSavedPrivately` (with `importBatch`), its later versions `PromptEdited`. An import is
 * written in parts, short transactions each appending some prompts' events (or one collection)
 * and this record of what that part saved; the batch is every part its stream records, which
 * its undo reads. `collectionIds`: the collections a part made (version 1 had none: []).
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
