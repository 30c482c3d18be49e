import { decideAll, DomainError, handle, type EventMetadata, type EventStore, type NewEvent, type StoreTx } from '../../events';
import { normalizeTags, TAG_LIMITS } from './contracts';
import { tagDecider, tagPlan, tagStream, type TagCommand } from './domain/tags';

/** Tag a prompt, rename, merge or delete a tag: the owner's only. */
export async function changeTags(store: EventStore, command: TagCommand, metadata: EventMetadata) {
  const decided = await handle(store, tagDecider, tagPlan(command), metadata);
  return { state: decided.state, events: decided.events, last: decided.last };
}

/**
 * The tags an import brings (in the import's transaction): each prompt, the person's own and
 * just saved, gets its tags, decided one after another on the person's tag stream and appended
 * in one statement. A prompt whose tags break a limit keeps those within it: an import never
 * fails for its tags (each cut to TAG_LIMITS.length, the first TAG_LIMITS.perPrompt kept, fewer past the library's limit).
 */
export async function tagImportedIn(tx: StoreTx, userId: number, tagged: readonly { promptId: number; tags: readonly string[] }[], metadata: EventMetadata) {
  const wanted = tagged.filter((t) => t.tags.length > 0);
  if (wanted.length === 0) return;
  const stream = tagStream(userId);
  const past = await tx.readStream(stream);
  let state = past.reduce(tagDecider.evolve, tagDecider.initialState);
  const events: NewEvent[] = [];
  for (const { promptId, tags } of wanted) {
    // The prompt was just saved for this person in this transaction: its owner is known.
    const owned = { ...state, prompt: { approved: false, authorId: userId } };
    // Another app's tags may be longer than ours: cut at the limit, as an over-long title is.
    const cut = normalizeTags(tags.map((t) => Array.from(t.trim()).slice(0, TAG_LIMITS.length).join(''))).slice(0, TAG_LIMITS.perPrompt);
    for (let keep = cut.length; keep > 0; keep--) {
      try {
        const decided = decideAll(tagDecider, stream, owned, [{ kind: 'set', userId, promptId, tags: cut.slice(0, keep) }], past.length + events.length);
        events.push(...decided.events);
        state = decided.state;
        break;
      } catch (error) {
        // Past the library's limit: try with fewer.
        if (!(error instanceof DomainError)) throw error;
      }
    }
  }
  if (events.length) await tx.append(stream, events, { expectedVersion: past.length === 0 ? 'no_stream' : past.length, metadata });
}
