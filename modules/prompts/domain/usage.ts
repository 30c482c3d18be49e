import { DomainError, type Actor, type Decider, type StoredEvent } from '../../../events';
import { PROMPT_REFUSALS } from '../contracts';
import { evolvePrompt, initialPromptState, promptStream, type PromptState } from './prompt';

/**
 * Counting uses. A use counts once per visitor (or signed-in user) per
 * prompt per window: a second copy inside the window is accepted and counts nothing, so
 * repeating the call cannot move a prompt up. Each (prompt, visitor) pair has its own
 * short stream, so the rule is decided in the write transaction and the log grows by at
 * most one event per pair and window.
 */
export const USE_WINDOW_MS = 24 * 60 * 60 * 1000;

export interface UsageState {
  prompt: PromptState;
  /** When this visitor's last counted use of the prompt happened (ms), if ever. */
  lastCountedAt: number | null;
}

export interface UseCommand {
  promptId: number;
  actor: Actor;
  now: Date;
  /** The system only: bring in this many past uses at once (seed, imports). */
  imported?: number;
}

export const useStream = (promptId: number, visitor: string) => `use-${promptId}-${visitor}`;
export const usePlanStreams = (promptId: number, visitor: string) => ({ stream: useStream(promptId, visitor), reads: [promptStream(promptId)] });

export const usageDecider: Decider<UsageState, UseCommand> = {
  initialState: { prompt: initialPromptState, lastCountedAt: null },
  evolve(state: UsageState, event: StoredEvent): UsageState {
    if (event.type === 'Used') return { ...state, lastCountedAt: new Date(event.createdAt).getTime() };
    return { ...state, prompt: evolvePrompt(state.prompt, event) };
  },
  /** Only a public (approved) prompt can be used. */
  decide(command, state) {
    if (state.prompt.status !== 'approved') throw new DomainError(PROMPT_REFUSALS.notFound);
    if (command.imported !== undefined) {
      if (!command.actor.isAdmin || command.actor.userId !== null) throw new DomainError(PROMPT_REFUSALS.systemImportsUses);
      return [{ type: 'Used', data: { promptId: command.promptId, userId: null, count: command.imported, version: state.prompt.shown } }];
    }
    if (state.lastCountedAt !== null && command.now.getTime() - state.lastCountedAt < USE_WINDOW_MS) return [];
    return [{ type: 'Used', data: { promptId: command.promptId, userId: command.actor.userId, version: state.prompt.shown } }];
  },
};
