import { DomainError, evolvePromptApproved, promptStream, type Decider } from '../../../events';
import { ENGAGEMENT_MESSAGES } from '../contracts';

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
}

export const historyDecider: Decider<boolean, HistoryCommand> = {
  initialState: false,
  evolve: evolvePromptApproved,
  decide({ userId, promptId, modifiedContent }, promptApproved) {
    if (!promptApproved) throw new DomainError('not_found', ENGAGEMENT_MESSAGES.promptNotFound);
    return [{ type: 'HistoryRecorded', data: { userId, promptId, modifiedContent: modifiedContent ?? null } }];
  },
};
