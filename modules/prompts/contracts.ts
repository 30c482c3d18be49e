import { z } from 'zod';

export { categories, unknownCategory, categoryById, categoryBySlug, type Category } from './categories';

/** The product's own name: prompts by it show as "by Promptory" and stay off community lists. */
export const PRODUCT_NAME = 'Promptory';
export const DEFAULT_AUTHOR_NAME = 'Community User';

const categoryId = z.number({ error: 'Please select a category.' }).int('Please select a category.');

const bounded = (label: string, min: number, max?: number) => {
  let s = z.string().trim().min(min, `${label} must be at least ${min} characters.`);
  if (max !== undefined) s = s.max(max, `${label} must not exceed ${max} characters.`);
  return s;
};

/** The community / browse submit dialog (spec section 5). */
export const submitDialogSchema = z.object({
  title: bounded('Title', 3, 100),
  description: bounded('Description', 10, 500),
  content: bounded('Prompt content', 20),
  categoryId,
  authorName: bounded('Author name', 2),
  authorImage: z.string().optional(),
  isFeatured: z.boolean().default(false),
  isEditorsPick: z.boolean().default(false),
});

/** The create-prompt page (spec section 5): its limits differ from the dialog's. */
export const createPageSchema = z.object({
  title: bounded('Title', 5, 100),
  description: bounded('Description', 20, 500),
  content: bounded('Prompt content', 10, 5000),
  categoryId,
  authorName: z.string().trim().min(1).default('Anonymous'),
});

/**
 * What POST /api/prompts accepts: both forms post here, so the server takes the looser
 * bound of each pair and caps content at the create page's 5000.
 */
export const submitPromptRequest = z.object({
  title: bounded('Title', 3, 100),
  description: bounded('Description', 10, 500),
  content: bounded('Prompt content', 10, 5000),
  categoryId: categoryId.nonnegative('Please select a category.'),
  authorName: bounded('Author name', 2, 100).default(DEFAULT_AUTHOR_NAME),
  authorImage: z.string().trim().url().max(500).optional().or(z.literal('').transform(() => undefined)),
  isFeatured: z.boolean().default(false),
  isEditorsPick: z.boolean().default(false),
});
export type SubmitPromptRequest = z.infer<typeof submitPromptRequest>;

export const reviewRequest = z.object({ isApproved: z.boolean() });

/** Route parameter {id}. */
export const promptIdParam = z.coerce.number().int().positive();

export const SORTS = ['popular', 'newest', 'rating'] as const;
export type Sort = (typeof SORTS)[number];
export const TABS = ['all', 'featured', 'editors-pick', 'favorites'] as const;
export type Tab = (typeof TABS)[number];

/** A prompt as every API answer and page sees it (spec section 3). */
export interface PromptView {
  id: number;
  title: string;
  description: string;
  content: string;
  categoryId: number;
  authorName: string;
  authorImage: string | null;
  rating: number;
  usageCount: number;
  isFeatured: boolean;
  isEditorsPick: boolean;
  isApproved: boolean;
  reviewedBy: number | null;
  reviewedAt: string | null;
  createdAt: string;
}
