import { DomainError, evolvePromptApproved, promptStream, type Decider, type StoredEvent } from '../../../events';
import { ENGAGEMENT_MESSAGES, type RatingValue } from '../contracts';

/** One current rating per user and prompt: decided on this pair's own stream. */
export const ratingPlan = (userId: number, promptId: number) => ({
  stream: `rating-${userId}-${promptId}`,
  reads: [promptStream(promptId)],
});

export interface RatingState {
  promptApproved: boolean;
  value: RatingValue | null;
}

export interface RateCommand {
  userId: number;
  promptId: number;
  value: RatingValue;
}

export const ratingDecider: Decider<RatingState, RateCommand> = {
  initialState: { promptApproved: false, value: null },
  evolve(state: RatingState, event: StoredEvent): RatingState {
    if (event.type === 'Rated') return { ...state, value: event.data.value };
    return { ...state, promptApproved: evolvePromptApproved(state.promptApproved, event) };
  },
  decide({ userId, promptId, value }, state) {
    if (!state.promptApproved) throw new DomainError('not_found', ENGAGEMENT_MESSAGES.promptNotFound);
    if (state.value === value) return [];
    return [{ type: 'Rated', data: { userId, promptId, value, previous: state.value } }];
  },
};
