import { DomainError, evolvePromptApproved, evolveShownVersion, promptStream, type Decider, type StoredEvent } from '../../../events';
import { ENGAGEMENT_REFUSALS, type RatingValue } from '../contracts';

/** One current rating per user and prompt: decided on this pair's own stream. */
export const ratingPlan = (userId: number, promptId: number) => ({
  stream: `rating-${userId}-${promptId}`,
  reads: [promptStream(promptId)],
});

export interface RatingState {
  promptApproved: boolean;
  /** The prompt's public version (what a rating is about now). */
  promptVersion: number;
  value: RatingValue | null;
  /** The version the current rating was given on (null: before versions were recorded). */
  ratedVersion: number | null;
}

export interface RateCommand {
  userId: number;
  promptId: number;
  value: RatingValue;
}

export const ratingDecider: Decider<RatingState, RateCommand> = {
  initialState: { promptApproved: false, promptVersion: 0, value: null, ratedVersion: null },
  evolve(state: RatingState, event: StoredEvent): RatingState {
    if (event.type === 'Rated') return { ...state, value: event.data.value, ratedVersion: event.data.version };
    return { ...state, promptApproved: evolvePromptApproved(state.promptApproved, event), promptVersion: evolveShownVersion(state.promptVersion, event) };
  },
  decide({ userId, promptId, value }, state) {
    if (!state.promptApproved) throw new DomainError(ENGAGEMENT_REFUSALS.promptNotFound);
    // The same value again changes nothing, unless it is now about a newer version.
    if (state.value === value && state.ratedVersion === state.promptVersion) return [];
    return [{ type: 'Rated', data: { userId, promptId, value, previous: state.value, version: state.promptVersion } }];
  },
};
