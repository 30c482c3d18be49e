import { createHash } from 'node:crypto';
import { handle, handleNew, type Actor, type EventMetadata, type EventStore } from '../../events';
import { promptDecider, promptStream, type PromptCommand, type SubmitCommand } from './domain/prompt';
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

export async function reviewPrompt(store: EventStore, promptId: number, isApproved: boolean, actor: Actor, metadata: EventMetadata) {
  return changePrompt(store, { kind: 'review', promptId, isApproved, actor }, metadata);
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
export async function sharePrompt(store: EventStore, promptId: number, actor: Actor, metadata: EventMetadata, pendingByAuthor = 0) {
  return changePrompt(store, { kind: 'share', promptId, actor, pendingByAuthor }, metadata);
}

async function changePrompt(store: EventStore, command: Exclude<PromptCommand, { kind: 'submit' }>, metadata: EventMetadata) {
  const decided = await handle(store, promptDecider, { stream: promptStream(command.promptId), command }, metadata);
  return {
    result: { id: command.promptId, status: decided.state.status, changed: decided.events.length > 0 },
    events: decided.events,
    last: decided.last,
  };
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
