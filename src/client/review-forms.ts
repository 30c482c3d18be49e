import { createPageSchema, submitDialogSchema } from '../../modules/prompts/contracts';

/**
 * The two forms' schemas with the category required: the contracts accept 0 (the dialog's
 * untouched default, which the server stores as Unknown), but the forms ask the user to pick
 * one ("Please select a category."). Refined per field, so the message shows with the others.
 */
const pickCategory = <S extends typeof submitDialogSchema | typeof createPageSchema>(schema: S) =>
  schema.extend({ categoryId: schema.shape.categoryId.refine((id) => id !== 0, 'Please select a category.') });

export const dialogForm = pickCategory(submitDialogSchema);
export const createForm = pickCategory(createPageSchema);
