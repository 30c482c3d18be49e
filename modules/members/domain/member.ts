import { DomainError, type Actor, type Decider, type StoredEvent } from '../../../events';
import { accountStream, evolveAccountLive } from '../../../events/streams';
import { MEMBER_REFUSALS } from '../contracts';

/** A member's place on the Community page, decided by the admin. */
export const memberStream = (userId: number) => `member-${userId}`;

export interface MemberState {
  /** The account exists and was not deleted (folded from its own stream, read only). */
  live: boolean;
  featured: boolean;
}

export type MemberCommand = { kind: 'feature' | 'unfeature'; userId: number; actor: Actor };

export const memberPlan = (command: MemberCommand) => ({ stream: memberStream(command.userId), reads: [accountStream(command.userId)], command });

export const memberDecider: Decider<MemberState, MemberCommand> = {
  initialState: { live: false, featured: false },
  evolve(state: MemberState, event: StoredEvent): MemberState {
    switch (event.type) {
      case 'MemberFeatured':
        return { ...state, featured: true };
      case 'MemberUnfeatured':
        return { ...state, featured: false };
      default:
        return { ...state, live: evolveAccountLive(state.live, event) };
    }
  },
  decide({ kind, userId, actor }, state) {
    if (!actor.isAdmin) throw new DomainError(MEMBER_REFUSALS.adminOnly);
    if (!state.live) throw new DomainError(MEMBER_REFUSALS.notFound);
    // Asking for what already holds (a double click) adds nothing.
    if (kind === 'feature') return state.featured ? [] : [{ type: 'MemberFeatured', data: { userId, featuredBy: actor.userId } }];
    return state.featured ? [{ type: 'MemberUnfeatured', data: { userId, unfeaturedBy: actor.userId } }] : [];
  },
};
