import { z } from 'zod';
import { ownedBy } from '../personal';

const id = z.number().int().positive();

/**
 * Whether the byline is a pen name: an author name other than the submitting account's own.
 * A pen name hides the account: no read model links such a prompt to its member (no member
 * link, off the member's page, the latest contributions and the boards). Events written
 * before bylines were compared read as pen names, since the log cannot tell which they were.
 */
const penName = z.boolean().default(true);

/**
 * A prompt's text as its author typed it, sealed with their key (events/personal.ts) until it
 * is published, and what it reads as once they are forgotten: nothing.
 */
const UNPUBLISHED_TEXT = { title: '', description: '', content: '' } as const;

/**
 * A prompt's own text, published or not, sealed again with the prompt's key (over its author's
 * seal, if any): the purge erases that key, so once purged, no event of the prompt holds its
 * text readable (docs/decisions/0039-a-prompt-text-sealed-with-its-own-key.md).
 */
const PROMPT_TEXT = ownedBy('promptId', { ...UNPUBLISHED_TEXT, note: null });
const PUBLISHED_TEXT = ownedBy('promptId', { published: null });

/**
 * The text an approval makes public, in clear: approving (PromptReviewed) or approving a
 * revision (PromptRevisionReviewed) publishes the version's text, so it stays readable, with
 * its change note, after its author is forgotten, while every version that was never
 * published reads as nothing.
 */
const publishedText = z
  .object({ title: z.string(), description: z.string(), content: z.string(), categoryId: z.number().int().nonnegative(), note: z.string().nullable() })
  .nullable()
  .default(null);

/** What a new prompt carries, submitted or saved privately: its text, category and byline. */
const newPrompt = {
  promptId: id,
  title: z.string(),
  description: z.string(),
  content: z.string(),
  categoryId: z.number().int().nonnegative(),
  authorName: z.string(),
  authorImage: z.string().nullable().default(null),
};

/** Version 1 had no `similarTo` and `duplicateNote`: they read as none. Version 2 had no `penName` (reads as one). */
export const PromptSubmitted = {
  version: 3,
  schema: z.object({
    ...newPrompt,
    isFeatured: z.boolean().default(false),
    isEditorsPick: z.boolean().default(false),
    /** The account that submitted it; null for the seed and for anonymous extension posts. */
    submittedBy: id.nullable().default(null),
    /** Set only by imports and the seed, to keep an original submission date. */
    submittedAt: z.iso.datetime().optional(),
    /** The near-duplicates found at submission: published or pending prompt ids, most similar first. */
    similarTo: z.array(id).default([]),
    /** The submitter's note for the admin when they submitted despite near-duplicates. */
    duplicateNote: z.string().nullable().default(null),
    penName,
  }),
  upcast: (data: unknown) => data,
  // The author's name, their text until it is published and their note about duplicates are
  // theirs (the seed's and anonymous posts' belong to nobody): the text the public reads is
  // written again, in clear, by the event that publishes it (PromptReviewed's `published`).
  personal: ownedBy('submittedBy', { ...UNPUBLISHED_TEXT, authorName: '', authorImage: null, duplicateNote: null }),
  promptText: ownedBy('promptId', { ...UNPUBLISHED_TEXT, duplicateNote: null }),
};

/**
 * A prompt its author keeps to themselves (POST /api/prompts with visibility "private"):
 * never reviewed, in no public list, seen by its author only (not even the admin).
 */
/** Version 1 had no `penName` (reads as one). */
export const PromptSavedPrivately = {
  version: 2,
  schema: z.object({
    ...newPrompt,
    savedBy: id,
    /** The import (POST /api/me/import) that brought it, which its undo takes back; absent when saved by hand. */
    importBatch: id.optional(),
    /**
     * Someone else's public prompt this is a copy of ("Save a copy"), and the version copied:
     * the copy links back to it and the original counts its copies. Absent when written by hand.
     */
    copiedFrom: z.object({ promptId: id, version: id }).optional(),
    penName,
  }),
  upcast: (data: unknown) => data,
  personal: ownedBy('savedBy', { ...UNPUBLISHED_TEXT, authorName: '', authorImage: null }),
  promptText: ownedBy('promptId', UNPUBLISHED_TEXT),
};

/**
 * Its author deleted their account while it was unpublished (private, pending, rejected or
 * withdrawn), in the deletion's transaction: the prompt is gone as if never saved, so no later
 * review, edit or read finds it (its text, sealed with the forgotten key, reads as nothing).
 * The read models need nothing of it: `AccountDeleted`, in the same transaction, removes
 * every unpublished prompt of the person from each of them.
 */
export const PromptForgotten = {
  version: 1,
  schema: z.object({ promptId: id, userId: id }),
};

/**
 * An import was undone (DELETE /api/me/imports/{batchId}) while this prompt of it was still
 * private: it is gone from every list, as if never saved; its stream keeps what it was.
 */
export const PromptDiscarded = {
  version: 1,
  schema: z.object({ promptId: id, discardedBy: id, importBatch: id }),
};

/**
 * Its author deleted it (POST /api/prompts/{id}/delete): it leaves their lists for Recently
 * deleted, where they may restore it until `purgeAfter`; then the purge (PromptPurged) takes
 * it for good. A pending or published prompt is withdrawn (PromptWithdrawn) in the same decision,
 * just before, so a deleted prompt is never in a public list.
 */
/** Version 2: `withdrew`, the public status the deletion withdrew it from (version 1 reads as none). */
export const PromptDeleted = {
  version: 2,
  schema: z.object({
    promptId: id,
    deletedBy: id,
    purgeAfter: z.iso.datetime(),
    /** Pending or published when deleted (withdrawn by the same decision): what the toast's Undo brings back. */
    withdrew: z.enum(['pending', 'approved']).nullable().default(null),
    /** A published prompt's revision that waited for review, withdrawn with it: the Undo puts it back in the queue. */
    withdrewRevision: z.number().int().positive().optional(),
  }),
  upcast: (data: unknown) => data,
};

/**
 * Its author restored it from Recently deleted: it stands as `status`. Undone at once (the
 * toast's Undo, within UNDO_DELETE_MS), a pending or published prompt is back as it was;
 * later, it is back withdrawn, as an author's withdrawal leaves it.
 */
export const PromptUndeleted = {
  version: 1,
  schema: z.object({
    promptId: id,
    restoredBy: id,
    status: z.enum(['private', 'rejected', 'withdrawn', 'pending', 'approved']),
    /** Undone at once: the revision the deletion withdrew, waiting for review again. */
    revision: z.number().int().positive().optional(),
  }),
};

/**
 * A deleted prompt's time to be restored ran out (the hourly purge): gone as if never saved,
 * from every read model and every later decision, as PromptForgotten does for a deleted account.
 */
export const PromptPurged = {
  version: 1,
  schema: z.object({ promptId: id, userId: id }),
};

/** The author of a private prompt submitted it to the community: it is pending review from now on. */
/** Version 2: `similarTo`, the near-duplicates found when it was shared (version 1 reads as none). */
export const PromptSharedForReview = {
  version: 2,
  schema: z.object({ promptId: id, submittedBy: id, similarTo: z.array(id).default([]) }),
  upcast: (data: unknown) => data,
};

/** Why the admin rejected a submission or a revision ("Reasons for decisions"); the author sees both. */
const decisionReason = {
  /**
   * A code of the prompts module's REJECT_REASONS (duplicate, low-quality, …), as decided then:
   * null when approved, or decided before reasons existed (version 1).
   */
  reason: z.string().nullable().default(null),
  /** The admin's note to the author, at most 500 characters (null: none). */
  note: z.string().nullable().default(null),
};

/**
 * Version 1 had no reason and no note: both read as null. Version 3: `published`, the text an
 * approval publishes (the version shown), in clear; null for a rejection.
 */
export const PromptReviewed = {
  version: 3,
  schema: z.object({
    promptId: id,
    isApproved: z.boolean(),
    reviewedBy: id.nullable(),
    ...decisionReason,
    published: publishedText,
  }),
  upcast: (data: unknown) => data,
  promptText: PUBLISHED_TEXT,
};

/**
 * The author sent their rejected prompt back to review after changing it: pending
 * again. `rejectedVersion`: the version the admin rejected, which the queue diffs against.
 */
export const PromptResubmitted = {
  version: 1,
  schema: z.object({ promptId: id, version: id, rejectedVersion: id, resubmittedBy: id }),
};

/**
 * A prompt left the public lists: its author withdrew it (DELETE /api/prompts/{id}) or the
 * admin withdrew an approved one on re-review. Its uses and ratings stay in the read models,
 * hidden with it.
 */
export const PromptWithdrawn = {
  version: 1,
  schema: z.object({
    promptId: id,
    withdrawnBy: id.nullable(),
    /** True when the author withdrew it: final (the admin cannot publish it again). */
    byAuthor: z.boolean(),
  }),
};

/**
 * A prompt was copied (counted once per visitor per window); counted in usageCount.
 * `count` is 1 except for past uses brought in by the seed or an import. `version`: the public
 * version the user copied (the catalog's current one then); version 1 had none: it reads as null.
 */
export const Used = {
  version: 2,
  schema: z.object({
    promptId: id,
    userId: id.nullable().default(null),
    count: z.number().int().positive().default(1),
    version: id.nullable().default(null),
  }),
  upcast: (data: unknown) => data,
};

/**
 * A signed-in user's usage history entry (POST /api/history). `values`: the fill-in values
 * the copy was filled with (name → value, non-empty only), the source of the remembered
 * values (projections/recent-values); like `modifiedContent`, sealed with the user's key
 * (events/personal.ts). Version 1 had no `values`: it reads as null.
 */
export const HistoryRecorded = {
  version: 2,
  schema: z.object({
    promptId: id,
    userId: id,
    modifiedContent: z.string().nullable().default(null),
    values: z.record(z.string(), z.string()).nullable().default(null),
  }),
  upcast: (data: unknown) => data,
  personal: ownedBy('userId', { modifiedContent: null, values: null }),
};

/** A prompt's content as an edit sets it (every field, so a version reads from one event). */
const content = {
  promptId: id,
  /** The version it makes: the Nth content-changing event of the prompt's stream (submitting made version 1). */
  version: id,
  title: z.string(),
  description: z.string(),
  content: z.string(),
  categoryId: z.number().int().nonnegative(),
  /** The author's change note (at most 200 characters), null without one. */
  note: z.string().nullable(),
  /** Set when the change restores an earlier version (its number). */
  restoredFrom: id.nullable(),
};

/**
 * An edit that applies at once: the prompt is private, pending or rejected (its author or the
 * admin), or published and edited by the admin. It is the prompt's next version; its status stays.
 * `privateTo`: the author whose unpublished text it is (sealed with their key); null when the
 * edit is public at once (the admin's edit of a published prompt) or nobody's (the seed's).
 * Version 1 had no `privateTo`: the sealing migration set it on every stored one.
 */
export const PromptEdited = {
  version: 2,
  schema: z.object({ ...content, editedBy: id, privateTo: id.nullable().default(null) }),
  upcast: (data: unknown) => data,
  personal: ownedBy('privateTo', { ...UNPUBLISHED_TEXT, note: null }),
  promptText: PROMPT_TEXT,
};

/**
 * The author edited their published prompt: the next version, pending review as a revision;
 * the public keeps the published version until the admin approves it. A newer proposal
 * replaces a pending one (that one reads as withdrawn).
 */
export const PromptRevisionProposed = {
  version: 1,
  schema: z.object({ ...content, proposedBy: id }),
  // Unpublished until approved: the approval writes the text again in clear.
  personal: ownedBy('proposedBy', { ...UNPUBLISHED_TEXT, note: null }),
  promptText: PROMPT_TEXT,
};

/**
 * The admin approved (it becomes the public version) or rejected the pending revision `version`.
 * Version 1 had no reason and no note: both read as null. Version 3: `published`, the
 * approved revision's text in clear (null for a rejection).
 */
export const PromptRevisionReviewed = {
  version: 3,
  schema: z.object({ promptId: id, version: id, isApproved: z.boolean(), reviewedBy: id, ...decisionReason, published: publishedText }),
  upcast: (data: unknown) => data,
  promptText: PUBLISHED_TEXT,
};

/** The author withdrew their pending revision `version`: the published version stays. */
export const PromptRevisionWithdrawn = {
  version: 1,
  schema: z.object({ promptId: id, version: id, withdrawnBy: id }),
};
