import { DomainError, evolvePromptAccess, mayUsePrompt, promptStream, UNKNOWN_PROMPT, type Decider, type PromptAccess } from '../../../events';
import { ENGAGEMENT_REFUSALS } from '../contracts';

/** A user's history: entries only add up, so the decision reads the prompt, not the history. */
export const historyPlan = (userId: number, promptId: number) => ({
  stream: `history-${userId}`,
  reads: [promptStream(promptId)],
  appendOnly: true,
});

export interface HistoryCommand {
  userId: number;
  promptId: number;
  modifiedContent?: string;
  /** The fill-in values the content was filled with; blank ones are not remembered. */
  values?: Readonly<Record<string, string>>;
}

/** The values worth remembering: an emptied field says nothing about what the user types. */
function keptValues(values: HistoryCommand['values']): Record<string, string> | null {
  const kept = Object.entries(values ?? {}).filter(([, value]) => value.trim() !== '');
  return kept.length > 0 ? Object.fromEntries(kept) : null;
}

/** A public prompt, or the user's own in any state (their private prompts are used too). */
export const historyDecider: Decider<PromptAccess, HistoryCommand> = {
  initialState: UNKNOWN_PROMPT,
  evolve: evolvePromptAccess,
  decide({ userId, promptId, modifiedContent, values }, access) {
    if (!mayUsePrompt(access, userId)) throw new DomainError(ENGAGEMENT_REFUSALS.promptNotFound);
    return [{ type: 'HistoryRecorded', data: { userId, promptId, modifiedContent: modifiedContent ?? null, values: keptValues(values) } }];
  },
};

/** Clearing the remembered values goes on the user's history stream: it reads nothing. */
export const recentValuesPlan = (userId: number) => ({ stream: `history-${userId}`, appendOnly: true });

export type RecentValuesCommand = { kind: 'clear'; userId: number };

/**
 * Always appends: the read model forgets what came before the event, so a clear with nothing
 * to forget is harmless, and deciding "nothing to clear" would need the whole history read.
 */
export const recentValuesDecider: Decider<null, RecentValuesCommand> = {
  initialState: null,
  evolve: (state) => state,
  decide: ({ userId }) => [{ type: 'RecentValuesCleared', data: { userId } }],
};
