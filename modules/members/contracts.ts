import { z } from 'zod';
import { refusals } from '../../events/refusals';
import { BOARD_PERIODS, type BoardPeriod } from './periods';

export * from './periods';

export const MEMBER_MESSAGES = {
  notFound: 'Member not found',
} as const;

/** What featuring members refuses, by code (texts in `refusals:members.*`). */
export const MEMBER_REFUSALS = refusals('members', {
  adminOnly: { kind: 'forbidden', text: 'Only the admin features members' },
  notFound: { kind: 'not_found', text: MEMBER_MESSAGES.notFound },
});

/** The Community page's short lists: latest contributions, featured members and each one's best prompts. */
export const COMMUNITY_LIMITS = { boardPage: 10, latest: 8, featured: 6, bestPrompts: 3 } as const;

export const boardPeriod = z.enum(BOARD_PERIODS);

/** PUT /api/admin/members/{id}/featured */
export const featureMemberRequest = z.object({ featured: z.boolean() });

/** One contributor's place on a board: the score and its parts (score = uses + helpfulWeight × helpful). */
export interface LeaderboardEntry {
  rank: number;
  userId: number;
  name: string;
  /** Their prompts published now (all periods alike). */
  publishedCount: number;
  score: number;
  /** Uses by others that counted (capped per prompt). */
  uses: number;
  /** Helpful ratings by others that counted (capped per prompt). */
  helpful: number;
}

/** A member's first publication of a prompt, or an approved revision of it. */
export interface ContributionView {
  /** The event's log position: the list's cursor. */
  position: number;
  promptId: number;
  title: string;
  kind: 'published' | 'revision';
  version: number;
  at: string;
  author: { userId: number; name: string };
}

export interface MemberView {
  userId: number;
  name: string;
  featured: boolean;
  publishedCount: number;
}

/** GET /api/members/{id}: the member and where they stand on each board (null: not on it). */
export interface MemberProfileView extends MemberView {
  standing: Record<BoardPeriod, LeaderboardEntry | null>;
}
