import { z } from 'zod';

import { categories } from './categories';

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

const FIELD_KEYS: Record<string, string> = { Title: 'title', Description: 'description', 'Prompt content': 'content', 'Author name': 'authorName' };

/**
 * The translation key (in the `review` namespace) of one of these contracts' messages, which
 * are the spec's English texts; undefined for any other text. Every form that shows them
 * (the site's submit forms, the extension's save form) translates through it.
 */
export function promptMessageKey(message: string): string | undefined {
  if (message === 'Please select a category.') return 'validation.category';
  const found = /^(Title|Description|Prompt content|Author name) must (be at least|not exceed) (\d+) characters\.$/.exec(message);
  return found ? `validation.${FIELD_KEYS[found[1]]}${found[2] === 'not exceed' ? 'Max' : 'Min'}${found[3]}` : undefined;
}

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
  // 0 is the dialog's untouched default (shown as Unknown); any other id must be a category.
  categoryId: categoryId.refine((id) => id === 0 || categories.some((c) => c.id === id), 'Please select a category.'),
  /** Absent: the signed-in user's name (the endpoint fills it in). */
  authorName: bounded('Author name', 2, 100).optional(),
  // http(s) only: the image URL ends up in an <img src> for every visitor.
  authorImage: z.string().trim().max(500).pipe(z.url({ protocol: /^https?$/ })).optional().or(z.literal('').transform(() => undefined)),
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

/** Where a submission stands (My Submissions shows these as Pending, Approved, Rejected, Withdrawn). */
export const PROMPT_STATUSES = ['pending', 'approved', 'rejected', 'withdrawn'] as const;
export type PromptStatusName = (typeof PROMPT_STATUSES)[number];

/** What one event in a prompt's review history did. */
export const REVIEW_DECISIONS = ['submitted', 'approved', 'rejected', 'withdrawn'] as const;
export type ReviewDecision = (typeof REVIEW_DECISIONS)[number];

/** A prompt whoever may see it unpublished sees (its submitter, the admin): the public view and its status. */
export interface OwnPromptView extends PromptView {
  status: PromptStatusName;
}

/** A submission as the review screens see it. */
export interface ReviewPromptView
  extends Pick<PromptView, 'id' | 'title' | 'description' | 'content' | 'categoryId' | 'authorName' | 'authorImage' | 'createdAt'> {
  submittedBy: number | null;
  status: PromptStatusName;
  /** The last decision (review, re-review or withdraw). */
  decidedBy: number | null;
  decidedAt: string | null;
}

/** One step of a prompt's timeline. `byAuthor`: the author did it (submitted, withdrew). */
export interface TimelineEntry {
  decision: ReviewDecision;
  at: string;
  byAuthor: boolean;
}

/** GET /api/prompts/my: the author's submissions, newest first. */
export interface SubmissionView extends ReviewPromptView {
  timeline: TimelineEntry[];
}

/** One row of GET /api/admin/reviews. `actorName` is the reviewer's (or author's) account name. */
export interface ReviewEntryView {
  position: number;
  promptId: number;
  title: string;
  authorName: string;
  decision: ReviewDecision;
  actorId: number | null;
  actorName: string | null;
  byAuthor: boolean;
  at: string;
}

/** GET /api/admin/reviews?promptId=&decision= */
export const reviewHistoryQuery = z.object({
  promptId: promptIdParam.optional(),
  decision: z.enum(REVIEW_DECISIONS).optional(),
});

/** GET /api/admin/prompts/pending?asOf=<ISO time>: the queue as it stood then. */
export const pendingQuery = z.object({
  asOf: z.iso.datetime({ offset: true }).optional(),
});

/** POST /api/admin/rebuild: which read models to rebuild from the log. */
export const rebuildRequest = z.object({
  projections: z.array(z.string().regex(/^[a-z][a-z0-9_-]{0,40}$/)).min(1).max(10).default(['review', 'catalog']),
});

/** A background rebuild of read models, as the admin's Statistics tab polls it. */
export interface RebuildJob {
  id: string;
  state: 'running' | 'done' | 'failed';
  requestedBy: number;
  startedAt: string;
  finishedAt: string | null;
  error: string | null;
  /** One entry per read model, in rebuild order: events applied so far of the total. */
  projections: { name: string; applied: number; total: number; done: boolean }[];
}

/** GET /api/admin/stats: totals from the read models. `totalPrompts` counts published prompts. */
export interface StatsView {
  totalPrompts: number;
  totalUsers: number;
  /** Every counted use, including those of prompts withdrawn since. */
  totalUsage: number;
  prompts: Record<PromptStatusName, number>;
}
