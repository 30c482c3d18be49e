import { ConcurrencyError, type EventMetadata, type EventStore, type StoreTx } from '../../events';
import {
  decideReview,
  decideSubmit,
  decideUse,
  evolvePrompt,
  initialPromptState,
  promptStream,
  usageStream,
  type Actor,
  type PromptState,
  type SubmitCommand,
} from './domain/prompt';

async function loadPrompt(tx: StoreTx, promptId: number): Promise<{ state: PromptState; version: number }> {
  const events = await tx.readStream(promptStream(promptId));
  return { state: events.reduce(evolvePrompt, initialPromptState), version: events.length };
}

export async function submitPrompt(store: EventStore, command: SubmitCommand, actor: Actor, metadata: EventMetadata) {
  return store.transaction(async (tx) => {
    const promptId = await tx.nextId('prompt');
    await tx.append(promptStream(promptId), decideSubmit(promptId, command, actor), {
      expectedVersion: 'no_stream',
      metadata,
    });
    return { id: promptId };
  });
}

export async function reviewPrompt(
  store: EventStore,
  promptId: number,
  isApproved: boolean,
  actor: Actor,
  metadata: EventMetadata,
) {
  return store.transaction(async (tx) => {
    const { state, version } = await loadPrompt(tx, promptId);
    await tx.append(promptStream(promptId), decideReview(state, promptId, isApproved, actor), {
      expectedVersion: version,
      metadata,
    });
    return { id: promptId, isApproved };
  });
}

/**
 * Counts a use. The prompt's state is read first and the use appended in one statement:
 * approval is never withdrawn, so nothing can change the decision in between.
 */
export async function recordUse(store: EventStore, promptId: number, actor: Actor, metadata: EventMetadata) {
  const state = (await store.readStream(promptStream(promptId))).reduce(evolvePrompt, initialPromptState);
  const events = decideUse(state, promptId, actor);
  for (let attempt = 0; ; attempt++) {
    try {
      return { result: { id: promptId }, ...(await store.append(usageStream(promptId), events, { expectedVersion: 'any', metadata })) };
    } catch (error) {
      // Two uses of one prompt raced for the same stream version: take the next one.
      if (!(error instanceof ConcurrencyError) || attempt >= 20) throw error;
    }
  }
}
