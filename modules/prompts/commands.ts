import { createHash } from 'node:crypto';
import {
  decideAll,
  executeIn,
  fold,
  handle,
  handleNew,
  importStream,
  nextTurn,
  PartSizer,
  transact,
  type Actor,
  type Appended,
  type EventMetadata,
  type EventStore,
  type NewEvent,
  type StoredEvent,
  type StoreTx,
  type StreamAppend,
} from '../../events';
import { forgetPromptText } from '../../events/personal';
import { pageOf, type Page, type PageRequest } from '../../events/paging';
import type { DeletionResult, EditResult, PromptStatusName, RejectionView, VersionView } from './contracts';
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

/**
 * "Save a copy" (see decideCopy): a new private prompt of the actor's from the public prompt
 * `sourceId`, read in the same transaction, under the actor's own account name.
 */
export async function copyPrompt(store: EventStore, sourceId: number, authorName: string, actor: Actor, metadata: EventMetadata) {
  const decided = await handleNew(
    store,
    promptDecider,
    'prompt',
    (promptId) => ({
      stream: promptStream(promptId),
      reads: [promptStream(sourceId)],
      command: { kind: 'copy' as const, promptId, sourceId, authorName, actor },
    }),
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

/** The author deletes their prompt into Recently deleted (see decideDelete); answers when the purge may take it. */
export async function deletePrompt(store: EventStore, promptId: number, actor: Actor, metadata: EventMetadata, now = new Date()) {
  const decided = await handle(store, promptDecider, { stream: promptStream(promptId), command: { kind: 'delete', promptId, actor, now } }, metadata);
  const result: DeletionResult = { id: promptId, status: 'deleted', purgeAfter: decided.state.purgeAfter };
  return { result, events: decided.events, last: decided.last };
}

/** The author restores their deleted prompt, or undoes its deletion (see decideUndelete). */
export async function undeletePrompt(store: EventStore, promptId: number, actor: Actor, metadata: EventMetadata, now = new Date()) {
  const decided = await handle(store, promptDecider, { stream: promptStream(promptId), command: { kind: 'undelete', promptId, actor, now } }, metadata);
  const result: DeletionResult = { id: promptId, status: decided.state.status as PromptStatusName, purgeAfter: null };
  return { result, events: decided.events, last: decided.last };
}

/**
 * The purge of `promptIds` (deleted prompts found due in the review read model): each stream
 * decides again, so a prompt restored since, or not yet due, stays. One transaction per prompt,
 * which erases the prompt's key with its purge: its text in every event of its stream, published
 * or not, can never be opened again.
 */
export async function purgeDeletedPrompts(store: EventStore, promptIds: readonly number[], metadata: EventMetadata, now = new Date()) {
  let purged = 0;
  for (const promptId of promptIds) {
    const { result } = await transact(store, async (tx) => {
      const decided = await executeIn(tx, promptDecider, { stream: promptStream(promptId), command: { kind: 'purge', promptId, now } }, metadata);
      if (decided.events.length) await forgetPromptText(tx, promptId);
      return decided.events.length;
    });
    purged += result;
  }
  return purged;
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

/** Every version `viewer` may see of each of these prompts, read in one go (an export's page); none for a prompt they may not read. */
export async function readVersionsOf(store: EventStore, promptIds: readonly number[], viewer: Actor): Promise<Map<number, VersionView[]>> {
  const streams = await store.readStreams(promptIds.map(promptStream));
  return new Map(promptIds.map((id) => [id, visibleVersions(fold(promptDecider, streams.get(promptStream(id)) ?? []), viewer) ?? []]));
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
 * The most one transaction of an import may append: PGlite has one connection, so every other
 * request waits while it runs. Within that, a part takes as many events as fit in
 * `IMPORT_PART_MS` at what the last parts cost (long prompts cost more), so nobody waits long
 * behind it. Measured in docs/benchmarks.md.
 */
export const IMPORT_PART = { events: 50, bytes: 64 * 1024 } as const;
/** How long one part of an import (or of its undo) should hold PGlite's one connection. */
const IMPORT_PART_MS = 30;
/** A first part's events, before any is measured. */
const FIRST_IMPORT_PART = 10;

/**
 * Parts sized to `IMPORT_PART_MS` where every request shares the one connection (PGlite); on
 * PostgreSQL a part holds only its own pooled connection, and the most go at once (parts sized
 * to the budget there made a 20,000-prompt import take 200 s instead of 60).
 */
const importPartSizer = (store: EventStore, most: number) =>
  store.db.kind === 'pglite' ? new PartSizer(IMPORT_PART_MS, FIRST_IMPORT_PART, most) : new PartSizer(Infinity, most, most);

/**
 * One part of an import or an undo in its own transaction, told to `sizer` as `items` of the part
 * and the time it held the connection: from its first statement to its commit, not its wait for it.
 */
async function sizedPart<T>(
  store: EventStore,
  sizer: PartSizer,
  work: (tx: StoreTx) => Promise<T>,
  items: (part: { result: T } & Appended) => number,
): Promise<{ result: T } & Appended> {
  let started = 0;
  const part = await transact(store, (tx) => {
    started = performance.now();
    return work(tx);
  });
  sizer.took(items(part), performance.now() - started);
  return part;
}

/** How many prompts of an import are decided between two turns of the event loop. */
const DECIDE_STEP = 200;

/** One stream's events to append in an import, after the `from` events already written, of its `total`. */
interface Slice {
  stream: string;
  promptId: number;
  events: NewEvent[];
  from: number;
  total: number;
}

/** A prompt's decided events: its saving, then each later version as an edit, from its empty stream. */
type DecideImported = (index: number) => { stream: string; promptId: number; events: NewEvent[] };

/**
 * The import's parts of at most `maxEvents()` events and IMPORT_PART's bytes (a prompt's versions
 * may span parts), each prompt decided as its part is made: only one part's events are held at a time.
 */
function* partsOf(count: number, decide: DecideImported, maxEvents: () => number): Generator<Slice[]> {
  let part: Slice[] = [];
  let events = 0;
  let bytes = 0;
  for (let index = 0; index < count; index++) {
    const { stream, promptId, events: all } = decide(index);
    for (const [i, event] of all.entries()) {
      const size = JSON.stringify(event.data).length;
      if (events > 0 && (events + 1 > maxEvents() || bytes + size > IMPORT_PART.bytes)) {
        yield part;
        part = [];
        events = bytes = 0;
      }
      const last = part.at(-1);
      if (last?.stream === stream) last.events.push(event);
      else part.push({ stream, promptId, events: [event], from: i, total: all.length });
      events += 1;
      bytes += size;
    }
  }
  if (part.length) yield part;
}

/** The first of each type of `events`: what the read models they feed are found from (App.settle). */
function firstOfEachType(into: Map<string, StoredEvent>, events: readonly StoredEvent[]): void {
  for (const event of events) if (!into.has(event.type)) into.set(event.type, event);
}

/**
 * Saves `prompts` as the actor's private prompts, one batch. Every prompt's decisions (its
 * saving, then each later version as an edit) are made first, in memory, from its empty
 * stream: nothing is written unless all of them pass. Then the batch is written in parts,
 * each a short transaction that appends some prompts' events (a prompt's versions in one
 * statement) with the batch stream's record of them; then each of `collections` (another
 * module's makers, answering the collection's id) in a part of its own. `tagsIn` (the tags
 * module's) tags the prompts a part starts in that part's transaction: a prompt is never
 * saved without the tags its file gives it. A failure part-way
 * takes back the parts already written (the undo's own path) before it is reported; a crash
 * part-way leaves them recorded under the batch, so its undo takes them back and importing the
 * same file again finds them already there and brings the rest.
 */
export async function importPrompts(
  store: EventStore,
  prompts: readonly PromptToImport[],
  format: string,
  actor: Actor,
  metadata: EventMetadata,
  collections: readonly ((tx: StoreTx) => Promise<number>)[] = [],
  /** How the undo takes those collections back (see undoImport): a failure part-way undoes what was written. */
  undoCollections?: (tx: StoreTx, collectionIds: readonly number[]) => Promise<unknown>,
  /** Writes the tags of the prompts a part starts (`index`: in `prompts`), in that part's transaction. */
  tagsIn?: (tx: StoreTx, started: readonly { index: number; promptId: number }[]) => Promise<unknown>,
  /** Told after each part how many prompts it saved (whole: their last version written), so a page can show the saving's progress. */
  onSaved?: (count: number) => void,
) {
  const { result: ids } = await store.transaction(async (tx) => ({ batchId: await tx.nextId('import'), firstId: await tx.nextId('prompt', prompts.length) }));
  const { batchId, firstId } = ids;
  const decide: DecideImported = (index) => {
    const { submission, edits } = prompts[index];
    const promptId = firstId + index;
    const stream = promptStream(promptId);
    const commands: PromptCommand[] = [
      { kind: 'submit', promptId, submission: { ...submission, visibility: 'private', importBatch: batchId }, actor },
      ...edits.map(({ change, note }) => ({ kind: 'edit' as const, promptId, change, note, actor })),
    ];
    return { stream, promptId, events: decideAll(promptDecider, stream, promptDecider.initialState, commands).events };
  };
  // Every prompt is decided before anything is written (a refusal writes nothing), and again as
  // its part is written: a 20,000-prompt file's events are not all held at once.
  for (let i = 0; i < prompts.length; i++) {
    // Deciding 20,000 prompts takes a while: the event loop turns between steps.
    if (i > 0 && i % DECIDE_STEP === 0) await nextTurn();
    decide(i);
  }
  // The batch's stream is this import's own while it runs: its state is kept here rather than
  // read back in every part (a part would read all the parts before it: 400 for 20,000 prompts).
  // Each record still names the exact version it follows, so a concurrent writer (an undo) is refused.
  let batch = importDecider.initialState;
  let batchVersion = 0;
  let recorded: StoredEvent[] = [];
  const record = async (tx: StoreTx, promptIds: number[], collectionIds: number[]) => {
    const decided = importDecider.decide({ kind: 'record', batchId, format, promptIds, collectionIds, actor }, batch);
    recorded = await tx.append(importStream(batchId), decided, { expectedVersion: batchVersion === 0 ? 'no_stream' : batchVersion, metadata });
  };
  // What was written is kept only as its types (and the last position): 20,000 stored prompts are not held.
  const written = new Map<string, StoredEvent>();
  let last: Appended['last'] = null;
  const sizer = importPartSizer(store, IMPORT_PART.events);
  const write = async (work: (tx: StoreTx) => Promise<void>) => {
    const part = await sizedPart(
      store,
      sizer,
      async (tx) => {
        recorded = [];
        await work(tx);
      },
      (part) => part.events.length,
    );
    batch = recorded.reduce(importDecider.evolve, batch);
    batchVersion += recorded.length;
    firstOfEachType(written, part.events);
    last = part.last ?? last;
  };
  const collectionIds: number[] = [];
  try {
    for (const part of partsOf(prompts.length, decide, () => sizer.next())) {
      // A turn of the event loop between parts: requests that arrived meanwhile are read and
      // queue for the connection ahead of the next part, so none waits for the whole import.
      if (written.size) await nextTurn();
      await write(async (tx) => {
        await tx.appendMany(
          part.map(({ stream, events, from }) => ({ streamId: stream, events, expectedVersion: from === 0 ? 'no_stream' : from })),
          metadata,
        );
        const started = part.filter((slice) => slice.from === 0).map((slice) => slice.promptId);
        await record(tx, started, []);
        if (tagsIn)
          await tagsIn(
            tx,
            started.map((promptId) => ({ index: promptId - firstId, promptId })),
          );
      });
      onSaved?.(part.filter((slice) => slice.from + slice.events.length === slice.total).length);
    }
    for (const make of collections)
      await write(async (tx) => {
        const collectionId = await make(tx);
        await record(tx, [], [collectionId]);
        collectionIds.push(collectionId);
      });
  } catch (error) {
    if (written.size) await undoImport(store, batchId, actor, metadata, undoCollections).catch(() => undefined);
    throw error;
  }
  const promptIds = prompts.map((_, i) => firstId + i);
  return { result: { batchId, promptIds, collectionIds }, events: [...written.values()], last };
}

/** The most of an import's prompts one transaction of its undo discards (fewer when they take long, as the import's parts). */
export const UNDO_PART = 50;

/**
 * Undoes an import: each of its prompts still private is discarded; one shared since stays.
 * The prompts go in parts of at most `UNDO_PART` (sized to `IMPORT_PART_MS`), each a transaction of the kernel over those prompts'
 * streams (read in one statement; a concurrent edit conflicts on its stream version and the part
 * is decided again; the batch's owner is checked before the first part), with a turn
 * of the event loop between parts so other requests run. The last transaction takes back what
 * else the batch made and records the undo, with every prompt removed or kept. A prompt this
 * batch already discarded (an undo cut short by a crash, then asked again) counts as removed.
 */
export async function undoImport(
  store: EventStore,
  batchId: number,
  actor: Actor,
  metadata: EventMetadata,
  /** Takes back what else the batch made (its collections, by id), in the same transaction. */
  alsoIn: (tx: StoreTx, collectionIds: readonly number[]) => Promise<unknown> = async () => undefined,
) {
  // Kept as the import keeps what it wrote: the types and the last position.
  const written = new Map<string, StoredEvent>();
  let last: Appended['last'] = null;
  const readBatch = async (tx: StoreTx) => {
    const own = await tx.readStream(importStream(batchId));
    const batch = fold(importDecider, own);
    requireImportOwner(batch, actor);
    return { own, batch };
  };
  /** Discards `promptIds` that are still private, in `tx`: which went (or had gone with this batch) and which stay. */
  const discardIn = async (tx: StoreTx, promptIds: readonly number[]) => {
    const streams = await tx.readStreams(promptIds.map(promptStream));
    const removed: number[] = [];
    const kept: number[] = [];
    const discards: StreamAppend[] = [];
    for (const promptId of promptIds) {
      const past = streams.get(promptStream(promptId))!;
      const gone = past.at(-1);
      if (gone?.type === 'PromptDiscarded' && (gone.data as { importBatch?: number }).importBatch === batchId) {
        removed.push(promptId);
        continue;
      }
      const decided = promptDecider.decide({ kind: 'discard', promptId, importBatch: batchId, actor }, fold(promptDecider, past));
      if (decided.length) discards.push({ streamId: promptStream(promptId), events: decided, expectedVersion: past.length });
      (decided.length ? removed : kept).push(promptId);
    }
    await tx.appendMany(discards, metadata);
    return { removed, kept };
  };
  const removed: number[] = [];
  const kept: number[] = [];
  const { result: promptIds } = await store.transaction(async (tx) => (await readBatch(tx)).batch.promptIds);
  const sizer = importPartSizer(store, UNDO_PART);
  let cut = 0;
  for (let size = sizer.next(); promptIds.length - cut > size; size = sizer.next()) {
    if (cut > 0) await nextTurn();
    // The batch was read (its owner checked) above and is read again by the last transaction,
    // which records the undo; a part does not read it (one event per import part: 400 at 20,000
    // prompts). A concurrent undo finds these prompts discarded by this batch: counted removed.
    const part = await sizedPart(
      store,
      sizer,
      (tx) => discardIn(tx, promptIds.slice(cut, cut + size)),
      () => size,
    );
    removed.push(...part.result.removed);
    kept.push(...part.result.kept);
    firstOfEachType(written, part.events);
    last = part.last ?? last;
    cut += size;
  }
  if (cut > 0) await nextTurn();
  const final = await transact(store, async (tx) => {
    const { own, batch } = await readBatch(tx);
    const rest = await discardIn(tx, promptIds.slice(cut));
    await alsoIn(tx, batch.collectionIds);
    const all = { removed: [...removed, ...rest.removed], kept: [...kept, ...rest.kept] };
    await tx.append(importStream(batchId), importDecider.decide({ kind: 'undo', batchId, ...all, actor }, batch), {
      expectedVersion: own.length,
      metadata,
    });
    return { batchId, removed: all.removed.length, kept: all.kept.length };
  });
  firstOfEachType(written, final.events);
  last = final.last ?? last;
  return { result: final.result, events: [...written.values()], last };
}
