import { z } from 'zod';
import { numbered, refusals, type Reason } from '../../events/refusals';

import { pageQuery } from '../../events/paging';
import { categories } from './categories';
import type { TemplateVariable } from './variables';

export { categories, unknownCategory, categoryById, categoryBySlug, type Category } from './categories';

/** The product's own name: prompts by it show as "by Promptory" and stay off community lists. */
export const PRODUCT_NAME = 'Promptory';
export const DEFAULT_AUTHOR_NAME = 'Community User';

/**
 * Submission limits: one account may have at most this many prompts
 * waiting for review; the admin reviews what is there before more come. The rate (10 an hour
 * per account) is the composition root's rate limiter (`submit`, src/server/rate-limit.ts).
 */
export const MAX_PENDING_PER_AUTHOR = 20;

/** Answers of the submit endpoint a client translates (src/i18n/locales/<lng>/review.json, submit.*). */
export const SUBMIT_MESSAGES = {
  tooManyPending: `You already have ${MAX_PENDING_PER_AUTHOR} prompts waiting for review. Please wait until some are reviewed.`,
  tooManySubmissions: 'You have submitted many prompts in the last hour. Please wait a while and try again.',
} as const;

/** The translation key (review namespace) of a submit refusal the server answered, if it is one. */
export function submitRefusalKey(error: string): `submit.${keyof typeof SUBMIT_MESSAGES}` | undefined {
  const found = (Object.keys(SUBMIT_MESSAGES) as (keyof typeof SUBMIT_MESSAGES)[]).find((k) => SUBMIT_MESSAGES[k] === error);
  return found && `submit.${found}`;
}

/**
 * A name that reads as the product's own: "Promptory" in any case, spacing, punctuation or
 * width ("prompt ory", "ＰＲＯＭＰＴＯＲＹ", "Promptory Team"). Such prompts show as the
 * house's and leave Community, so only the admin may publish under it.
 */
export function isReservedAuthorName(name: string): boolean {
  const letters = name
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]/gu, '');
  return letters.includes(PRODUCT_NAME.toLowerCase());
}
export const RESERVED_AUTHOR_MESSAGE = `Only ${PRODUCT_NAME} may publish under the name "${PRODUCT_NAME}". Please use your own name.`;

const categoryId = z.number({ error: 'Please select a category.' }).int('Please select a category.');

/** A text field's length bounds, in characters (after trimming). No max: unbounded. */
export interface Bounds {
  min: number;
  max?: number;
}
export type Limits = Record<string, Bounds>;

/**
 * The submit dialog's limits. The product texts give content and author name no
 * maximum; ours cap them (5000 as on the create page, 100 as an account name) so the server,
 * which accepts what either form sends, stays bounded.
 */
export const SUBMIT_DIALOG_LIMITS = {
  title: { min: 3, max: 100 },
  description: { min: 10, max: 500 },
  content: { min: 20, max: 5000 },
  authorName: { min: 2, max: 100 },
} as const satisfies Limits;

/**
 * The create page's limits: they differ from the dialog's. Its author name is
 * the user's account name (2 to 100 characters when registered) or "Anonymous".
 */
export const CREATE_PAGE_LIMITS = {
  title: { min: 5, max: 100 },
  description: { min: 20, max: 500 },
  content: { min: 10, max: 5000 },
  authorName: { min: 2, max: 100 },
} as const satisfies Limits;

/**
 * What accepts exactly what either form may send: per field the looser min and the looser max
 * (no max if either has none); a field only one form has keeps that form's bounds.
 */
export function looserLimits<A extends Limits, B extends Limits>(a: A, b: B): Record<keyof A | keyof B, Bounds> {
  const out: Limits = {};
  for (const field of new Set([...Object.keys(a), ...Object.keys(b)])) {
    const x = a[field];
    const y = b[field];
    if (!x || !y) {
      out[field] = { ...(x ?? y)! };
      continue;
    }
    const max = x.max === undefined || y.max === undefined ? undefined : Math.max(x.max, y.max);
    out[field] = max === undefined ? { min: Math.min(x.min, y.min) } : { min: Math.min(x.min, y.min), max };
  }
  return out as Record<keyof A | keyof B, Bounds>;
}

/** POST /api/prompts: both forms post there. */
export const SUBMIT_REQUEST_LIMITS = looserLimits(SUBMIT_DIALOG_LIMITS, CREATE_PAGE_LIMITS);

const LABELS: Record<keyof typeof SUBMIT_REQUEST_LIMITS, string> = {
  title: 'Title',
  description: 'Description',
  content: 'Prompt content',
  authorName: 'Author name',
};

/**
 * A trimmed string within one field's bounds. The English messages are the product's texts; a form
 * shows its own translation, chosen from the code and limit (src/shared/form-messages.ts).
 */
const bounded = (field: keyof typeof SUBMIT_REQUEST_LIMITS, { min, max }: Bounds) => {
  let s = z.string().trim().min(min, `${LABELS[field]} must be at least ${min} characters.`);
  if (max !== undefined) s = s.max(max, `${LABELS[field]} must not exceed ${max} characters.`);
  return s;
};

/** The community / browse submit dialog. */
/** Who sees a new prompt: everyone once approved, or its author only. */
export const VISIBILITIES = ['public', 'private'] as const;
export type Visibility = (typeof VISIBILITIES)[number];

export const submitDialogSchema = z.object({
  title: bounded('title', SUBMIT_DIALOG_LIMITS.title),
  description: bounded('description', SUBMIT_DIALOG_LIMITS.description),
  content: bounded('content', SUBMIT_DIALOG_LIMITS.content),
  categoryId,
  authorName: bounded('authorName', SUBMIT_DIALOG_LIMITS.authorName),
  authorImage: z.string().optional(),
  isFeatured: z.boolean().default(false),
  isEditorsPick: z.boolean().default(false),
  visibility: z.enum(VISIBILITIES).default('public'),
});

/** The create-prompt page: its limits differ from the dialog's. */
export const createPageSchema = z.object({
  title: bounded('title', CREATE_PAGE_LIMITS.title),
  description: bounded('description', CREATE_PAGE_LIMITS.description),
  content: bounded('content', CREATE_PAGE_LIMITS.content),
  categoryId,
  authorName: bounded('authorName', CREATE_PAGE_LIMITS.authorName).default('Anonymous'),
  visibility: z.enum(VISIBILITIES).default('public'),
});

/** What POST /api/prompts accepts: exactly what either form may send (`SUBMIT_REQUEST_LIMITS`). */
export const submitPromptRequest = z.object({
  title: bounded('title', SUBMIT_REQUEST_LIMITS.title),
  description: bounded('description', SUBMIT_REQUEST_LIMITS.description),
  content: bounded('content', SUBMIT_REQUEST_LIMITS.content),
  // 0 is the dialog's untouched default (shown as Unknown); any other id must be a category.
  categoryId: categoryId.refine((id) => id === 0 || categories.some((c) => c.id === id), 'Please select a category.'),
  /** Absent: the signed-in user's name (the endpoint fills it in). */
  authorName: bounded('authorName', SUBMIT_REQUEST_LIMITS.authorName).optional(),
  // http(s) only: the image URL ends up in an <img src> for every visitor.
  authorImage: z
    .string()
    .trim()
    .max(500)
    .pipe(z.url({ protocol: /^https?$/ }))
    .optional()
    .or(z.literal('').transform(() => undefined)),
  isFeatured: z.boolean().default(false),
  isEditorsPick: z.boolean().default(false),
  /** "public": submitted for review (the default); "private": kept by its author, never reviewed. */
  visibility: z.enum(VISIBILITIES).default('public'),
  /** Why the submitter submits despite the near-duplicates they were shown, for the admin. */
  duplicateNote: z
    .string()
    .trim()
    .max(300)
    .transform((n) => n || undefined)
    .optional(),
});
export type SubmitPromptRequest = z.infer<typeof submitPromptRequest>;

/**
 * A private prompt's limits (what an import saves): kept by its author alone, so real prompts
 * come whole (they run to 144,000 characters) and a description is optional. What goes to the
 * public library keeps `SUBMIT_REQUEST_LIMITS` (sharing checks them: `shareRefusal`).
 */
export const PRIVATE_PROMPT_LIMITS = {
  title: SUBMIT_REQUEST_LIMITS.title,
  description: { min: 0, max: 2000 },
  content: { min: 1, max: 200_000 },
} as const satisfies Limits;

/** A private prompt as an import saves it: the submission's other fields, the private limits. */
export const privatePromptRequest = submitPromptRequest.extend({
  description: bounded('description', PRIVATE_PROMPT_LIMITS.description),
  content: bounded('content', PRIVATE_PROMPT_LIMITS.content),
  visibility: z.literal('private').default('private'),
});

/** Why a private prompt's text cannot go to the public library as it is (null: it may be submitted). */
export function shareRefusal(text: { description: string; content: string }): Reason | null {
  const content = text.content.trim().length;
  const description = text.description.trim().length;
  const { content: contentBounds, description: descriptionBounds } = SUBMIT_REQUEST_LIMITS;
  if (content > (contentBounds.max ?? Infinity)) return PROMPT_REFUSALS.shareContentTooLong({ limit: contentBounds.max! });
  if (description < descriptionBounds.min) return PROMPT_REFUSALS.shareDescriptionTooShort({ limit: descriptionBounds.min });
  if (description > (descriptionBounds.max ?? Infinity)) return PROMPT_REFUSALS.shareDescriptionTooLong({ limit: descriptionBounds.max! });
  return null;
}

/** Why the admin rejects a submission or a revision: the author sees the reason and the note. */
export const REJECT_REASONS = ['duplicate', 'low-quality', 'unsafe', 'wrong-category', 'needs-translation', 'other'] as const;
export type RejectReason = (typeof REJECT_REASONS)[number];
/** The admin's note to the author beside the reason, in characters. */
export const REVIEW_NOTE_MAX = 500;
export const REVIEW_MESSAGES = {
  noteTooLong: `Note must not exceed ${REVIEW_NOTE_MAX} characters.`,
} as const;

/** What the author is told of a rejection. */
export interface RejectionView {
  reason: RejectReason | null;
  note: string | null;
}

/** An optional note of at most `max` characters: blank or absent is null. */
const optionalNote = (max: number, tooLong: string) =>
  z
    .string()
    .trim()
    .max(max, tooLong)
    .transform((n) => n || null)
    .nullish()
    .transform((n) => n ?? null);

const reviewNote = optionalNote(REVIEW_NOTE_MAX, REVIEW_MESSAGES.noteTooLong);

/**
 * A decision from the queue: `{ isApproved }` is the whole call as the product's API states it,
 * so a rejection's reason code and note are optional on the wire (a rejection without a reason
 * is recorded as none given); the admin screens ask for a reason before they send. Both are
 * ignored on approval.
 */
export const reviewRequest = z.object({ isApproved: z.boolean(), reason: z.enum(REJECT_REASONS).optional(), note: reviewNote });
export type ReviewRequest = z.output<typeof reviewRequest>;

/** Refusals of POST /api/prompts/{id}/resubmit a client translates. */
export const RESUBMIT_MESSAGES = {
  notRejected: 'Only a rejected prompt can be resubmitted',
  unchanged: 'Change the prompt before resubmitting it',
} as const;

/** A later change of decision (publish again, or withdraw a published prompt). */
export const reReviewRequest = z.object({ isApproved: z.boolean() });

export const SORTS = ['popular', 'newest', 'rating'] as const;
export type Sort = (typeof SORTS)[number];

/** A span of a text, as UTF-16 offsets: [start, end). */
export type TextRange = [number, number];

/** Where a search's words stand in a result (docs/search.md): the title's spans, and a short window of the content around its first match. */
export interface SearchMatch {
  title: TextRange[];
  excerpt: { text: string; ranges: TextRange[] } | null;
}

/** A prompt as every API answer and page sees it. */
export interface PromptView {
  id: number;
  title: string;
  description: string;
  content: string;
  categoryId: number;
  authorName: string;
  authorImage: string | null;
  /** The author's account, whose page is /members/{authorId}; null for the house's prompts, anonymous posts, a pen name (an author name other than the account's own: it hides the account) and a deleted account. */
  authorId: number | null;
  rating: number;
  /** How many users rate it (0: unrated, shown as "No ratings yet" rather than a 0). */
  ratingCount: number;
  /** How many of them rate it Helpful: the figure every screen shows is their share ("86% helpful · 14 ratings"). */
  helpfulCount: number;
  usageCount: number;
  /** How many members saved a copy of it into their own library (each counted once). */
  copyCount: number;
  isFeatured: boolean;
  isEditorsPick: boolean;
  isApproved: boolean;
  reviewedBy: number | null;
  reviewedAt: string | null;
  createdAt: string;
  /** The public version (published prompts), or the live one (others). */
  version: number;
}

/** GET /api/prompts/{id}: the prompt and the fill-in variables of its content, in order of first appearance (variables.ts). */
export interface PromptDetailView extends PromptView {
  variables: TemplateVariable[];
  /** The users whose current rating was given on the current version (`count` of them, `helpful` rated Helpful). */
  versionRating: { version: number; count: number; helpful: number };
}

/** Where a prompt stands (My Prompts shows these as Private, Pending, Published, Rejected, Withdrawn). */
export const PROMPT_STATUSES = ['private', 'pending', 'approved', 'rejected', 'withdrawn'] as const;
export type PromptStatusName = (typeof PROMPT_STATUSES)[number];
/** The statuses the admin counts and reviews: a private prompt is its author's alone. */
export const REVIEW_STATUSES = ['pending', 'approved', 'rejected', 'withdrawn'] as const satisfies readonly PromptStatusName[];
export type ReviewStatusName = (typeof REVIEW_STATUSES)[number];

/** What one event in a prompt's review history did. */
export const REVIEW_DECISIONS = ['submitted', 'approved', 'rejected', 'withdrawn'] as const;
export type ReviewDecision = (typeof REVIEW_DECISIONS)[number];

/** A prompt whoever may see it unpublished sees (its submitter, the admin): the public view and its status. */
export interface OwnPromptView extends PromptView {
  status: PromptStatusName;
  /** The public prompt this one is a saved copy of (null: written, or imported, by its author). */
  copiedFrom: number | null;
}

/** A submission as the review screens see it. */
export interface ReviewPromptView extends Pick<
  PromptView,
  'id' | 'title' | 'description' | 'content' | 'categoryId' | 'authorName' | 'authorImage' | 'createdAt'
> {
  submittedBy: number | null;
  status: PromptStatusName;
  /** The last decision (review, re-review or withdraw). */
  decidedBy: number | null;
  decidedAt: string | null;
  /**
   * The admin's last rejection in the first review, with the version rejected: My Prompts shows
   * the reason while it stands, the queue diffs a resubmission against it.
   */
  lastRejection: RejectedVersion | null;
  /** The version it shows now (the published one while a revision waits). */
  version: number;
  /** Likely duplicates found when it was submitted, still in the review model, most similar first. */
  similarTo: { id: number; title: string; status: PromptStatusName }[];
  /** The submitter's note about them, if any. */
  duplicateNote: string | null;
}

/** A version the admin rejected, with the reason and note. */
export interface RejectedVersion extends VersionContent, RejectionView {
  version: number;
}

/** One step of a prompt's timeline. `byAuthor`: the author did it (submitted, withdrew). */
export interface TimelineEntry {
  decision: ReviewDecision;
  at: string;
  byAuthor: boolean;
}

/** GET /api/prompts/my: every prompt of the author (private ones too), newest first. */
export interface SubmissionView extends ReviewPromptView {
  timeline: TimelineEntry[];
  /** The prompt's current version (the published one while a revision waits). */
  version: number;
  /** The author's revision of the published prompt awaiting review, if any. */
  pendingRevision: PendingRevision | null;
  /** Set when the latest reviewed revision was rejected (and none waits since). */
  lastRevisionRejected: ({ version: number; at: string } & RejectionView) | null;
}

/** A prompt in My Prompts: with its owner's own tags (modules/tags), in their order. */
export interface MyPromptView extends SubmissionView {
  tags: string[];
}

/** A prompt in its author's Recently deleted list: restorable until `purgeAfter`. */
export interface DeletedPromptView {
  id: number;
  title: string;
  description: string;
  /** ISO times: when it was deleted, and from when the purge takes it for good. */
  deletedAt: string;
  purgeAfter: string;
}

/**
 * How long after a deletion its Undo brings a pending or published prompt back as it was (the
 * toast offers Undo for a third of it; the rest is for a slow network). Restored later, from
 * Recently deleted, such a prompt comes back withdrawn.
 */
export const UNDO_DELETE_MS = 30_000;

/** What deleting or restoring a prompt answers: its status now (restored: see UNDO_DELETE_MS). */
export interface DeletionResult {
  id: number;
  status: PromptStatusName | 'deleted';
  /** ISO time from when the purge takes it (deleted), else null. */
  purgeAfter: string | null;
}

/** What a version sets: an edit changes any of these. */
export interface VersionContent {
  title: string;
  description: string;
  content: string;
  categoryId: number;
}

/** A version's content, note and time, as My Prompts shows a pending revision. */
export interface PendingRevision extends VersionContent {
  version: number;
  note: string | null;
  /** ISO time of the event that made it. */
  at: string;
}

/** A change note's maximum length, in characters. */
export const EDIT_NOTE_MAX = 200;

/** Answers of the editing routes a client translates from their status (the server's English). */
/** Refusals of undoing an import (DELETE /api/me/imports/{batchId}). */
export const IMPORT_BATCH_MESSAGES = {
  notFound: 'Import not found',
  undone: 'This import has already been undone',
} as const;

export const EDIT_MESSAGES = {
  withdrawnPrompt: 'A withdrawn prompt cannot be edited',
  noPendingRevision: 'There is no pending revision',
  revisionNotPending: 'This revision is no longer pending',
  promptNotFound: 'Prompt not found',
  versionNotFound: 'Version not found',
  noteTooLong: `Change note must not exceed ${EDIT_NOTE_MAX} characters.`,
  nothingToEdit: 'Please change at least one field.',
} as const;

/** What the prompts' decisions refuse, by code (texts in `refusals:prompts.*`). */
export const PROMPT_REFUSALS = refusals('prompts', {
  notFound: { kind: 'not_found', text: EDIT_MESSAGES.promptNotFound },
  exists: { kind: 'conflict', text: 'This prompt already exists' },
  signInToSubmit: { kind: 'unauthenticated', text: 'Please sign in to submit prompts.' },
  reservedAuthor: { kind: 'invalid', text: RESERVED_AUTHOR_MESSAGE },
  tooManyPending: numbered('rate_limited', 'You already have {{limit}} prompts waiting for review. Please wait until some are reviewed.'),
  privateNeedsUser: { kind: 'invalid', text: 'Only a signed-in user can keep a private prompt' },
  alreadyShared: { kind: 'conflict', text: 'Only a private prompt can be submitted to the community: this one already has been' },
  // A private prompt may be longer than the public library takes (an import keeps it whole): sharing says why not.
  shareContentTooLong: numbered(
    'invalid',
    'This prompt is longer than the {{limit}} characters the public library takes. Please shorten it before submitting it.',
  ),
  shareDescriptionTooShort: numbered(
    'invalid',
    'The public library needs a description of at least {{limit}} characters. Please add one before submitting it.',
  ),
  shareDescriptionTooLong: numbered(
    'invalid',
    'The public library takes descriptions of at most {{limit}} characters. Please shorten it before submitting it.',
  ),
  adminOnly: { kind: 'forbidden', text: "You don't have admin permissions." },
  alreadyReviewed: { kind: 'conflict', text: 'This prompt has already been reviewed' },
  notRejected: { kind: 'conflict', text: RESUBMIT_MESSAGES.notRejected },
  unchanged: { kind: 'conflict', text: RESUBMIT_MESSAGES.unchanged },
  stillPending: { kind: 'conflict', text: 'This prompt is still pending: review it from the queue' },
  alreadyApproved: { kind: 'conflict', text: 'This prompt is already approved' },
  withdrawnByAuthor: { kind: 'conflict', text: 'Its author withdrew this prompt' },
  notPublished: { kind: 'conflict', text: 'This prompt is not published' },
  withdrawForbidden: { kind: 'forbidden', text: 'Only its author or the admin can withdraw this prompt' },
  privateNotListed: { kind: 'conflict', text: 'A private prompt is in no public list: there is nothing to withdraw' },
  withdrawnPrompt: { kind: 'conflict', text: EDIT_MESSAGES.withdrawnPrompt },
  copyOwn: { kind: 'conflict', text: 'This prompt is already yours: edit it, or restore an earlier version' },
  versionNotFound: { kind: 'not_found', text: EDIT_MESSAGES.versionNotFound },
  revisionAuthorOnly: { kind: 'forbidden', text: 'Only its author can withdraw this revision' },
  noPendingRevision: { kind: 'conflict', text: EDIT_MESSAGES.noPendingRevision },
  revisionNotPending: { kind: 'conflict', text: EDIT_MESSAGES.revisionNotPending },
  systemImportsUses: { kind: 'forbidden', text: 'Only the system imports past uses' },
  importNotFound: { kind: 'not_found', text: IMPORT_BATCH_MESSAGES.notFound },
  importUndone: { kind: 'conflict', text: IMPORT_BATCH_MESSAGES.undone },
  importExists: { kind: 'conflict', text: 'This import already exists' },
  signInToImport: { kind: 'unauthenticated', text: 'Please sign in to import prompts.' },
  notDeleted: { kind: 'conflict', text: 'This prompt is not deleted' },
});

const editNote = optionalNote(EDIT_NOTE_MAX, EDIT_MESSAGES.noteTooLong);

/**
 * PATCH /api/prompts/{id}: the fields to change, with the create page's limits, and an optional
 * change note. At least one of the four fields.
 */
export const editPromptRequest = z
  .object({
    title: bounded('title', CREATE_PAGE_LIMITS.title).optional(),
    description: bounded('description', CREATE_PAGE_LIMITS.description).optional(),
    content: bounded('content', CREATE_PAGE_LIMITS.content).optional(),
    categoryId: categoryId.refine((id) => categories.some((c) => c.id === id), 'Please select a category.').optional(),
    note: editNote,
  })
  .refine((r) => r.title !== undefined || r.description !== undefined || r.content !== undefined || r.categoryId !== undefined, EDIT_MESSAGES.nothingToEdit);
export type EditPromptRequest = z.output<typeof editPromptRequest>;

/** POST /api/prompts/{id}/versions/{version}/restore */
export const restoreVersionRequest = z.object({ note: editNote });

/** What an edit, restore or revision decision answers. */
export interface EditResult {
  id: number;
  status: PromptStatusName;
  /** The prompt's latest version number (a pending revision's included). */
  version: number;
  /** False: the change waits as a pending revision. */
  applied: boolean;
  /** False when nothing changed (an edit equal to the current content appends nothing). */
  changed: boolean;
}

/** How a version of a prompt stands (docs/review.md, "Editing and versions"). */
export const VERSION_STATUSES = ['published', 'pending', 'rejected', 'withdrawn', 'draft'] as const;
export type VersionStatus = (typeof VERSION_STATUSES)[number];

/** One version of a prompt (GET /api/prompts/{id}/versions): the Nth content-changing event of its stream. */
export interface VersionView extends PendingRevision {
  status: VersionStatus;
  restoredFrom: number | null;
  /** The version the public sees now (published prompts), or the live one (others). */
  current: boolean;
}

/**
 * A version as the version history lists it: with its uses and the ratings its raters gave on it
 * (each user's current rating counts for the version they rated). Uses and ratings from before
 * they carried a version count only in the prompt's totals.
 */
export interface VersionHistoryItem extends VersionView {
  uses: number;
  ratingCount: number;
  helpfulCount: number;
}

/** A pending revision in the admin's queue (GET /api/admin/revisions), with the published version it would replace. */
export interface RevisionView extends PendingRevision {
  promptId: number;
  authorName: string;
  proposedBy: number;
  published: VersionContent & { version: number };
  /** The author's revision just before this one, when the admin rejected it: this one is a resubmission, diffed against it. */
  previousRejection: RejectedVersion | null;
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

// Paged lists share one query and reply shape (events/paging.ts); islands (which import only contracts) read its sizes and types here.
export { PAGE_DEFAULT, PAGE_MAX, type Page, type PageRequest } from '../../events/paging';

/** GET /api/prompts/my?q=&limit=&cursor=: the user's own prompts, `q` found in title, description or content. */
export const myPromptsQuery = pageQuery.extend({
  // A NUL cannot be searched for in PostgreSQL text: refused here too, not only by the query middleware.
  q: z
    .string()
    .trim()
    .max(100)
    .refine((q) => !q.includes('\u0000'), 'Search text must not contain a NUL character.')
    .optional(),
  /** One of the person's tags (modules/tags), whatever its case: only the prompts tagged so. */
  tag: z.string().trim().min(1).max(60).optional(),
});

/** GET /api/admin/reviews?promptId=&decision=&limit=&cursor= (the route adds `promptId`, a canonical id: events/route.ts). */
export const reviewHistoryQuery = pageQuery.extend({
  decision: z.enum(REVIEW_DECISIONS).optional(),
});

/** GET /api/admin/prompts/pending?asOf=<ISO time>&limit=&cursor=: the queue (as it stood then). */
export const pendingQuery = pageQuery.extend({
  // A time the log could hold: PostgreSQL has no year 0 (`0000-01-01T00:00:00Z` was a 500).
  asOf: z.iso
    .datetime({ offset: true })
    .refine((v) => Date.parse(v) >= 0 && Date.parse(v) < Date.UTC(10000, 0, 1), 'asOf must be a time after 1970')
    .optional(),
});

/** POST /api/admin/rebuild: which read models to rebuild from the log. */
export const rebuildRequest = z.object({
  projections: z
    .array(z.string().regex(/^[a-z][a-z0-9_-]{0,40}$/))
    .min(1)
    .max(10)
    .default(['review', 'catalog']),
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
  prompts: Record<ReviewStatusName, number>;
}

export {
  blockVariableNames,
  filledValue,
  fillTemplate,
  hasTemplateVariables,
  initialFillValues,
  parseTemplate,
  templateVariables,
  type ParsedTemplate,
  type TemplateSegment,
  type TemplateValues,
  type TemplateVariable,
} from './variables';

export { BUILT_INS, builtInOf, builtInValue, builtInValues, clipboardNames, type BuiltIn, type BuiltInContext } from './builtins';
export { DIFF_MAX_EDITS, diffRows, diffText, diffTokens, type DiffKind, type DiffRow, type DiffSegment, type DiffStats } from './diff';
export { convertForeignPlaceholders, findForeignPlaceholders, type ForeignPlaceholder, type PlaceholderStyle } from './placeholders';
export { DUPLICATE_THRESHOLD, features, jaccard, signature, similarity, SimilarityIndex, SIGNATURE_SIZE } from './similarity';

/** Near-duplicates shown at submission (POST /api/prompts/duplicates) and in the admin's queue. */
export const DUPLICATE_LIMIT = 5;
/** The submitter's note when they submit despite near-duplicates, in characters. */
export const DUPLICATE_NOTE_MAX = 300;

/**
 * A near-duplicate as the submitter sees it. A published prompt, or one of their own, comes with
 * its title and link; someone else's prompt waiting for review only as "waiting for review"
 * (its title is not public).
 */
export interface DuplicateMatch {
  id: number | null;
  title: string | null;
  status: 'published' | 'pending';
  /** 0 to 1 (DUPLICATE_THRESHOLD and up). */
  similarity: number;
}

/** POST /api/prompts/duplicates: what the submitter is about to submit. `excludeId`: the prompt being edited. */
export const duplicateCheckRequest = z.object({
  title: z.string().max(SUBMIT_REQUEST_LIMITS.title.max ?? 100),
  content: z.string().max(SUBMIT_REQUEST_LIMITS.content.max ?? 5000),
  excludeId: z.number().int().positive().optional(),
});
