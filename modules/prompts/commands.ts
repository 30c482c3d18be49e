import { createHash } from 'node:crypto';
import {
  ConcurrencyError,
  executeIn,
  fold,
  handle,
  handleNew,
  importStream,
  type Actor,
  type EventMetadata,
  type EventStore,
  type StoreTx,
} from '../../events';
import { pageOf, type Page, type PageRequest } from '../../events/paging';
import type { EditResult, PromptStatusName, RejectionView, VersionView } from './contracts';
import { importDecider, requireImportOwner } from './domain/import';
import { promptDecider, promptStream, visibleVersions, type PromptCommand, type PromptContent, type SubmitCommand } from './domain/prompt';
import { usageDecider, usePlanStreams } from './domain/usage';

/**
 * `pendingByAuthor`: the actor's prompts waiting for review, as the caller read them (the
 * review read model, settled after every submission). Read outside the transaction, so a
 * burst of concurrent submissions may pass the limit by the burst's size; the per-account
 * rate limit, counted atomically before, bounds that burst.
 */
export async function submitPrompt(store: EventStore, submission: SubmitCommand, actor: Actor, metadata: EventMetadata, pendingByAuthor = 0) {
  const decided = await handleNew(
    store,
    promptDecider,
    'prompt',
    (promptId) => ({ stream: promptStream(promptId), command: { kind: 'submit' as const, promptId, submission, actor, pendingByAuthor } }),
    metadata,
  );
  return { result: { id: decided.id }, events: decided.events, last: decided.last };
}

/** `rejection`: the reason code and note of a rejection (either may be absent: recorded as null). */
export async function reviewPrompt(store: EventStore, promptId: number, isApproved: boolean, actor: Actor, metadata: EventMetadata, rejection?: RejectionView) {
  return changePrompt(store, { kind: 'review', promptId, isApproved, actor, rejection }, metadata);
}

/** The author sends their rejected, since changed, prompt back to review (see decideResubmit). */
export async function resubmitPrompt(store: EventStore, promptId: number, actor: Actor, metadata: EventMetadata, pendingByAuthor = 0) {
  return changePrompt(store, { kind: 'resubmit', promptId, actor, pendingByAuthor }, metadata);
}

/** A later change of decision by the admin (see decideReReview). */
export async function reReviewPrompt(store: EventStore, promptId: number, isApproved: boolean, actor: Actor, metadata: EventMetadata) {
  return changePrompt(store, { kind: 're-review', promptId, isApproved, actor }, metadata);
}

/** The author (or the admin) withdraws a prompt; `changed` is false when it already was. */
export async function withdrawPrompt(store: EventStore, promptId: number, actor: Actor, metadata: EventMetadata) {
  return changePrompt(store, { kind: 'withdraw', promptId, actor }, metadata);
}

/** The author submits their private prompt to the community (see decideShare). */
export async function sharePrompt(store: EventStore, promptId: number, actor: Actor, metadata: EventMetadata, pendingByAuthor = 0, similarTo: number[] = []) {
  return changePrompt(store, { kind: 'share', promptId, actor, pendingByAuthor, similarTo }, metadata);
}

async function changePrompt(store: EventStore, command: Exclude<PromptCommand, { kind: 'submit' }>, metadata: EventMetadata) {
  const decided = await handle(store, promptDecider, { stream: promptStream(command.promptId), command }, metadata);
  return {
    result: { id: command.promptId, status: decided.state.status, changed: decided.events.length > 0 },
    events: decided.events,
    last: decided.last,
  };
}

type EditCommand = Extract<PromptCommand, { kind: 'edit' | 'restore' | 'withdraw-revision' | 'review-revision' }>;

/**
 * Every content change and revision decision answers the prompt's latest version, and whether
 * the change applied (false: it waits as a pending revision; a no-op of the author's on a
 * published prompt with a revision waiting is that revision).
 */
async function changeContent(store: EventStore, command: EditCommand, metadata: EventMetadata) {
  const decided = await handle(store, promptDecider, { stream: promptStream(command.promptId), command }, metadata);
  const { state } = decided;
  const proposed = decided.events.some((e) => e.type === 'PromptRevisionProposed');
  const waits = decided.events.length === 0 && state.status === 'approved' && state.pendingRevision !== null && !command.actor.isAdmin;
  const result: EditResult = {
    id: command.promptId,
    status: state.status as PromptStatusName,
    version: state.versions.length,
    applied: !proposed && !waits,
    changed: decided.events.length > 0,
  };
  return { result, events: decided.events, last: decided.last };
}

/** The author (or the admin) edits a prompt (see decideEdit). */
export async function editPrompt(
  store: EventStore,
  promptId: number,
  change: Partial<PromptContent>,
  note: string | null,
  actor: Actor,
  metadata: EventMetadata,
) {
  return changeContent(store, { kind: 'edit', promptId, change, note, actor }, metadata);
}

/** A new version equal to an earlier one (see decideRestore). */
export async function restoreVersion(store: EventStore, promptId: number, version: number, note: string | null, actor: Actor, metadata: EventMetadata) {
  return changeContent(store, { kind: 'restore', promptId, version, note, actor }, metadata);
}

/** The author withdraws their pending revision. */
export async function withdrawRevision(store: EventStore, promptId: number, actor: Actor, metadata: EventMetadata) {
  return changeContent(store, { kind: 'withdraw-revision', promptId, actor }, metadata);
}

/** The admin approves or rejects a pending revision. */
export async function reviewRevision(
  store: EventStore,
  promptId: number,
  version: number,
  isApproved: boolean,
  actor: Actor,
  metadata: EventMetadata,
  rejection?: RejectionView,
) {
  return changeContent(store, { kind: 'review-revision', promptId, version, isApproved, actor, rejection }, metadata);
}

/**
 * A page of the versions `viewer` may see (null: not found), folded from the prompt's own
 * stream: there is no versions table to keep in sync. `cursor`: the last version of the page before.
 */
export async function readVersions(store: EventStore, promptId: number, viewer: Actor, page: PageRequest): Promise<Page<VersionView> | null> {
  const versions = visibleVersions(fold(promptDecider, await store.readStream(promptStream(promptId))), viewer);
  if (!versions) return null;
  const after = versions.filter((v) => page.cursor === undefined || v.version > page.cursor);
  return pageOf(after.slice(0, page.limit + 1), page.limit, (v) => v.version);
}

/**
 * Who is counted as one user of a prompt: the user when signed in, else the client's
 * address. Only a hash of the address is kept (in a stream name), never the address.
 */
export function visitorKey(actor: Actor, clientAddress: string): string {
  if (actor.userId !== null) return `u${actor.userId}`;
  return `v${createHash('sha256').update(`promptory-visitor:${clientAddress}`).digest('hex').slice(0, 20)}`;
}

/**
 * Records a copy of a public prompt. It counts once per visitor per prompt per
 * USE_WINDOW_MS; `counted` says whether this call moved the counter.
 */
export async function recordUse(store: EventStore, promptId: number, actor: Actor, metadata: EventMetadata, clientAddress = 'unknown', now = new Date()) {
  const decided = await handle(
    store,
    usageDecider,
    { ...usePlanStreams(promptId, visitorKey(actor, clientAddress)), command: { promptId, actor, now } },
    metadata,
  );
  return { result: { id: promptId, counted: decided.events.length > 0 }, events: decided.events, last: decided.last };
}

/**
 * The account `userId` is being deleted (in its transaction): each prompt it submitted or
 * kept that is not published now is forgotten (PromptForgotten), and a published one's
 * pending revision withdrawn, so no review after the deletion can publish their text. The
 * prompts are found in the log itself (an index of authors, events/schema.ts), never in a read
 * model that may not have caught up with a submission made a moment before.
 */
export async function forgetAuthorPrompts(tx: StoreTx, userId: number, metadata: EventMetadata): Promise<void> {
  const prompts = await tx.query<{ prompt_id: number }>(
    `select distinct (data->>'promptId')::int as prompt_id from events
     where type in ('PromptSubmitted', 'PromptSavedPrivately') and coalesce(data->>'submittedBy', data->>'savedBy') = $1::text
     order by 1`,
    [userId],
  );
  for (const { prompt_id: promptId } of prompts)
    await executeIn(tx, promptDecider, { stream: promptStream(promptId), command: { kind: 'forget', promptId, userId } }, metadata);
}

/** A prompt to import: its first version, and its later versions as edits (a Promptory export keeps them). */
export interface PromptToImport {
  submission: SubmitCommand;
  edits: readonly { change: PromptContent; note: string | null }[];
}

/**
 * Saves `prompts` as the actor's private prompts, one batch: every prompt's own decisions (its
 * saving, then each later version as an edit) and the batch's record commit together, so an
 * import is all there or not at all. `alsoIn` makes what else the file brings (its collections:
 * another module's) in the same transaction and answers their ids, which the batch records.
 */
export async function importPrompts(
  store: EventStore,
  prompts: readonly PromptToImport[],
  format: string,
  actor: Actor,
  metadata: EventMetadata,
  alsoIn: (tx: StoreTx) => Promise<number[]> = async () => [],
) {
  const { result, events, last } = await store.transaction(async (tx) => {
    const batchId = await tx.nextId('import');
    const firstId = await tx.nextId('prompt', prompts.length);
    const promptIds = prompts.map((_, i) => firstId + i);
    for (const [i, { submission, edits }] of prompts.entries()) {
      const promptId = promptIds[i];
      const stream = promptStream(promptId);
      const command = { kind: 'submit' as const, promptId, submission: { ...submission, visibility: 'private' as const, importBatch: batchId }, actor };
      // A new id's stream is empty: nothing to read before its first event.
      await executeIn(tx, promptDecider, { stream, command, appendOnly: true }, metadata);
      for (const { change, note } of edits) await executeIn(tx, promptDecider, { stream, command: { kind: 'edit', promptId, change, note, actor } }, metadata);
    }
    const collectionIds = await alsoIn(tx);
    await executeIn(
      tx,
      importDecider,
      { stream: importStream(batchId), command: { kind: 'record', batchId, format, promptIds, collectionIds, actor } },
      metadata,
    );
    return { batchId, promptIds, collectionIds };
  });
  return { result, events, last };
}

/**
 * Undoes an import: each of its prompts still private is discarded; one shared since stays.
 * One transaction over the batch's stream and its prompts'; a concurrent change to one of them
 * (an edit) conflicts on its stream version, and the whole undo is decided again.
 */
export async function undoImport(
  store: EventStore,
  batchId: number,
  actor: Actor,
  metadata: EventMetadata,
  /** Takes back what else the batch made (its collections, by id), in the same transaction. */
  alsoIn: (tx: StoreTx, collectionIds: readonly number[]) => Promise<unknown> = async () => undefined,
  retries = 5,
) {
  for (let attempt = 0; ; attempt++) {
    try {
      const { result, events, last } = await store.transaction(async (tx) => {
        const batch = fold(importDecider, await tx.readStream(importStream(batchId)));
        requireImportOwner(batch, actor);
        const removed: number[] = [];
        const kept: number[] = [];
        for (const promptId of batch.promptIds) {
          const decided = await executeIn(
            tx,
            promptDecider,
            { stream: promptStream(promptId), command: { kind: 'discard', promptId, importBatch: batchId, actor } },
            metadata,
          );
          (decided.events.length ? removed : kept).push(promptId);
        }
        await alsoIn(tx, batch.collectionIds);
        await executeIn(tx, importDecider, { stream: importStream(batchId), command: { kind: 'undo', batchId, removed, kept, actor } }, metadata);
        return { batchId, removed: removed.length, kept: kept.length };
      });
      return { result, events, last };
    } catch (error) {
      if (!(error instanceof ConcurrencyError) || attempt >= retries) throw error;
    }
  }
}
