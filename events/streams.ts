import type { StoredEvent } from './types';

/**
 * Facts one module decides on and another module owns. Modules never import each other;
 * they read each other's streams, so the stream names and the folds of those facts are
 * shared here.
 */
export const promptStream = (promptId: number) => `prompt-${promptId}`;

/** Whether a prompt is public, folded from its stream (a withdrawn prompt no longer is). */
export function evolvePromptApproved(approved: boolean, event: StoredEvent): boolean {
  if (event.type === 'PromptWithdrawn') return false;
  return event.type === 'PromptReviewed' ? event.data.isApproved : approved;
}
