import { z } from 'zod';
import { idParam, idParams } from '../../events/ids';
import { pageQuery, type Page } from '../../events/paging';
import { route, type ReadModel } from '../../events/route';
import {
  categories,
  duplicateCheckRequest,
  editPromptRequest,
  myPromptsQuery,
  pendingQuery,
  rebuildRequest,
  reviewHistoryQuery,
  restoreVersionRequest,
  reReviewRequest,
  reviewRequest,
  submitPromptRequest,
  type DuplicateMatch,
  type DeletedPromptView,
  type DeletionResult,
  type EditResult,
  type OwnPromptView,
  type PromptDetailView,
  type PromptView,
  type RebuildJob,
  type ReviewEntryView,
  type ReviewPromptView,
  type RevisionView,
  type StatsView,
  type MyPromptView,
  type VersionHistoryItem,
} from './contracts';
import type { PromptStatus } from './domain/prompt';

const versionParams = z.object({ id: idParam, version: idParam });
/** A projection's name as the admin's replay and rebuild name it. */
export const projectionName = z.string().regex(/^[a-z][a-z0-9_-]{0,40}$/);

/** What a review decision answers: the prompt's new state. */
export interface ReviewResult {
  id: number;
  status: PromptStatus;
  /** False when the decision changed nothing (a repeated withdrawal). */
  changed: boolean;
}

/**
 * What a change of a prompt's life must show when it answers: the catalog its answer reads,
 * the review queue and the duplicate check the admin and the next submitter read, the audit log.
 */
const PROMPT_READS: readonly ReadModel[] = ['catalog', 'review', 'duplicates', 'audit'];

/** The catalog, submission and review over HTTP. */
export const promptRoutes = {
  categories: route<typeof categories>()({
    method: 'GET',
    path: '/api/categories',
    caller: 'anyone',
    device: true,
    summary: 'Every category (cacheable for an hour).',
  }),
  prompts: route<PromptView[]>()({
    method: 'GET',
    path: '/api/prompts',
    caller: 'anyone',
    device: true,
    summary: 'All public prompts, most popular first.',
  }),
  featured: route<PromptView[]>()({
    method: 'GET',
    path: '/api/prompts/featured',
    caller: 'anyone',
    device: true,
    summary: 'The featured prompts.',
  }),
  editorsPick: route<PromptView[]>()({
    method: 'GET',
    path: '/api/prompts/editors-pick',
    caller: 'anyone',
    device: true,
    summary: "The editors' picks.",
  }),
  prompt: route<PromptDetailView & Partial<Pick<OwnPromptView, 'status'>>>()({
    method: 'GET',
    path: '/api/prompts/{id}',
    caller: 'anyone',
    device: true,
    params: idParams,
    summary:
      'One prompt with the fill-in variables of its content ({ name, default?, options? }, in order of first appearance): a public one for anyone; an unpublished one (with its status) only for its submitter and the admin.',
  }),
  submit: route<OwnPromptView>()({
    method: 'POST',
    path: '/api/prompts',
    caller: 'user',
    reads: PROMPT_READS,
    device: true,
    body: submitPromptRequest,
    summary: 'Submits a prompt for review, or with visibility "private" keeps it for its author only (201 with the pending or private prompt).',
  }),
  duplicates: route<{ matches: DuplicateMatch[] }>()({
    method: 'POST',
    path: '/api/prompts/duplicates',
    caller: 'user',
    reads: [],
    device: true,
    body: duplicateCheckRequest,
    summary:
      'Near-duplicates among published and pending prompts of a title and content about to be submitted (Chinese by character pairs, other languages by word pairs; at most 5, most similar first). Someone else’s pending prompt comes without title or id.',
  }),
  share: route<OwnPromptView>()({
    method: 'POST',
    path: '/api/prompts/{id}/submit',
    caller: 'user',
    reads: PROMPT_READS,
    params: idParams,
    summary: 'The author submits their private prompt to the community: it becomes pending review (409 when it is not private).',
  }),
  resubmit: route<OwnPromptView>()({
    method: 'POST',
    path: '/api/prompts/{id}/resubmit',
    caller: 'user',
    reads: PROMPT_READS,
    params: idParams,
    summary: 'The author sends their rejected prompt back to review once they have edited it since the rejection (409 when it is not rejected or unchanged).',
  }),
  withdraw: route<ReviewResult>()({
    method: 'DELETE',
    path: '/api/prompts/{id}',
    caller: 'user',
    reads: PROMPT_READS,
    params: idParams,
    summary: 'The author (or the admin) withdraws the prompt: it leaves every public list at once.',
  }),
  deletePrompt: route<DeletionResult>()({
    method: 'POST',
    path: '/api/prompts/{id}/delete',
    caller: 'user',
    reads: PROMPT_READS,
    params: idParams,
    summary:
      'The author deletes their prompt, whatever its status (a pending or published one is withdrawn first): it leaves their lists for Recently deleted, restorable for 30 days, then purged. Anyone else gets 404; deleting again changes nothing.',
  }),
  undeletePrompt: route<DeletionResult>()({
    method: 'POST',
    path: '/api/prompts/{id}/undelete',
    caller: 'user',
    reads: PROMPT_READS,
    params: idParams,
    summary:
      'The author restores their deleted prompt: within 30 seconds of its deletion (the Undo) a pending or published one comes back as it was; later it comes back withdrawn (private, rejected and withdrawn ones as they were); 409 when it is not deleted.',
  }),
  copy: route<OwnPromptView>()({
    method: 'POST',
    path: '/api/prompts/{id}/copy',
    caller: 'user',
    reads: PROMPT_READS,
    device: true,
    params: idParams,
    summary:
      "Saves a copy of someone else's public prompt into the caller's library as their private prompt (its published text and variables), linked back to the original, which counts its copiers (201 with the copy; 404 when it is not public, 409 when it is the caller's own).",
  }),
  ownership: route<{ isAuthor: boolean }>()({
    method: 'GET',
    path: '/api/prompts/{id}/ownership',
    caller: 'user',
    device: true,
    params: idParams,
    summary:
      'Whether the caller wrote the prompt (one they may see): a prompt published under a pen name shows no account, yet its page offers its own author their own actions.',
  }),
  deletedPrompts: route<Page<DeletedPromptView>>()({
    method: 'GET',
    path: '/api/prompts/deleted',
    caller: 'user',
    device: true,
    query: pageQuery,
    summary: "The signed-in user's Recently deleted: prompts they may still restore, most recently deleted first (paged: limit ≤ 100).",
  }),
  edit: route<EditResult>()({
    method: 'PATCH',
    path: '/api/prompts/{id}',
    caller: 'user',
    reads: PROMPT_READS,
    params: idParams,
    body: editPromptRequest,
    summary:
      "The author (or the admin) edits title, description, content or category with an optional change note: applied at once to a private, pending or rejected prompt; for a published one the author's edit waits as a pending revision (an edit that changes nothing appends nothing).",
  }),
  versions: route<Page<VersionHistoryItem>>()({
    method: 'GET',
    path: '/api/prompts/{id}/versions',
    caller: 'anyone',
    device: true,
    params: idParams,
    query: pageQuery,
    summary:
      "A prompt's versions, oldest first (paged: limit ≤ 100), each with its uses and ratings: all of them for its author (and the admin, unless private); only the published ones of a public prompt for anyone else.",
  }),
  restore: route<EditResult>()({
    method: 'POST',
    path: '/api/prompts/{id}/versions/{version}/restore',
    caller: 'user',
    reads: PROMPT_READS,
    params: versionParams,
    body: restoreVersionRequest,
    summary: 'Appends a new version equal to version n (title, description, content, category); a pending revision for a published prompt.',
  }),
  withdrawRevision: route<EditResult>()({
    method: 'DELETE',
    path: '/api/prompts/{id}/revision',
    caller: 'user',
    reads: PROMPT_READS,
    params: idParams,
    summary: 'The author withdraws their pending revision: the published version stays (409 when none is pending).',
  }),
  use: route<{ id: number; usageCount: number }>()({
    method: 'PUT',
    path: '/api/prompts/{id}/use',
    caller: 'anyone',
    reads: ['catalog'],
    device: true,
    params: idParams,
    summary: 'Records a copy of a public prompt (once per visitor per prompt per day) and answers its usage count.',
  }),
  mySubmissions: route<Page<MyPromptView>>()({
    method: 'GET',
    path: '/api/prompts/my',
    caller: 'user',
    device: true,
    query: myPromptsQuery,
    summary:
      'Every prompt of the signed-in user (private ones too), newest first, each with its status, timeline and tags; `q` searches their title, description, content and tags; `tag` keeps those with that tag (paged: limit ≤ 100).',
  }),
  pending: route<Page<ReviewPromptView>>()({
    method: 'GET',
    path: '/api/admin/prompts/pending',
    caller: 'admin',
    query: pendingQuery,
    summary: 'The review queue, oldest first (paged: limit ≤ 100); with asOf, the queue as it stood then (replayed from the log).',
  }),
  review: route<ReviewResult>()({
    method: 'PUT',
    path: '/api/admin/prompts/{id}/review',
    caller: 'admin',
    reads: PROMPT_READS,
    params: idParams,
    body: reviewRequest,
    summary: 'The first decision on a pending prompt; a prompt no longer pending is a 409.',
  }),
  pendingRevisions: route<Page<RevisionView>>()({
    method: 'GET',
    path: '/api/admin/revisions',
    caller: 'admin',
    query: pageQuery,
    summary: 'Revisions of published prompts awaiting review, oldest first, each with the published version (paged: limit ≤ 100).',
  }),
  reviewRevision: route<EditResult>()({
    method: 'PUT',
    path: '/api/admin/prompts/{id}/revisions/{version}/review',
    caller: 'admin',
    reads: PROMPT_READS,
    params: versionParams,
    body: reviewRequest,
    summary: 'Approves (it becomes the public version) or rejects a pending revision; 409 when that version is not the pending one.',
  }),
  reReview: route<ReviewResult>()({
    method: 'PUT',
    path: '/api/admin/prompts/{id}/re-review',
    caller: 'admin',
    reads: PROMPT_READS,
    params: idParams,
    body: reReviewRequest,
    summary: 'Changes an earlier decision: publishes a rejected prompt or withdraws a published one.',
  }),
  reviewHistory: route<Page<ReviewEntryView>>()({
    method: 'GET',
    path: '/api/admin/reviews',
    caller: 'admin',
    query: reviewHistoryQuery.extend({ promptId: idParam.optional() }),
    summary: "Every submission and decision, newest first; with promptId, that prompt's timeline (paged: limit ≤ 100).",
  }),
  stats: route<StatsView>()({
    method: 'GET',
    path: '/api/admin/stats',
    caller: 'admin',
    summary: "The Statistics tab's totals, read from the read models.",
  }),
  projections: route<{ head: number; projections: { name: string; version: number; checkpoint: unknown }[] }>()({
    method: 'GET',
    path: '/api/admin/projections',
    caller: 'admin',
    summary: 'Each read model with its version and how far into the log it has got.',
  }),
  replay: route<{ name: string; events: number; ms: number }>()({
    method: 'POST',
    path: '/api/admin/projections/{name}/replay',
    caller: 'admin',
    reads: [],
    params: z.object({ name: projectionName }),
    summary: 'Rebuilds one read model from the whole log into fresh tables and swaps them in; answers when done.',
  }),
  rebuildStatus: route<{ job: RebuildJob | null }>()({
    method: 'GET',
    path: '/api/admin/rebuild',
    caller: 'admin',
    summary: "The latest rebuild's progress (null before the first).",
  }),
  rebuild: route<{ job: RebuildJob }>()({
    method: 'POST',
    path: '/api/admin/rebuild',
    caller: 'admin',
    reads: [],
    body: rebuildRequest,
    summary: 'Starts rebuilding read models in the background (202 with the job; 409 while one runs).',
  }),
};
