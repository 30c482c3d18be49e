import type { Page, PageRequest } from '../../../events/paging';
import type { CollectionView } from '../../../modules/collections/contracts';
import { COMMUNITY_LIMITS, type BoardPeriod, type ContributionView, type LeaderboardEntry, type MemberProfileView } from '../../../modules/members/contracts';
import type { FeaturedMemberView } from '../../../modules/members/routes';
import type { PromptView } from '../../../modules/prompts/contracts';
import { getPublicPrompts } from '../../../projections/catalog/queries';
import { listCollections } from '../../../projections/collections/queries';
import { featuredMembers, getMember, latestContributions, leaderboard, memberPromptIds, standingOf } from '../../../projections/community/queries';
import type { App } from '../app';

/** Prompt ids in order, as the catalog shows them now (one the catalog no longer shows is left out). */
async function promptsOf(app: App, ids: readonly number[]): Promise<PromptView[]> {
  const prompts = await getPublicPrompts(app.db, ids);
  return ids.flatMap((id) => prompts.get(id) ?? []);
}

/**
 * What the Community page and the member pages read (docs/community.md). Pages are stored
 * in the page cache at a catalog version: the community model is first caught up to where
 * the catalog stands, so a stored page never shows a board older than its prompts' figures.
 */
export function communityReader(app: App) {
  const caughtUp = async () => {
    const catalog = await app.runner.checkpoint('catalog');
    if (catalog) await app.runner.settle(catalog, ['community']);
  };
  const withPrompts = async (member: Awaited<ReturnType<typeof featuredMembers>>[number]): Promise<FeaturedMemberView> => {
    const best = await memberPromptIds(app.db, member.userId, { limit: COMMUNITY_LIMITS.bestPrompts }, 'best');
    return { ...member, prompts: await promptsOf(app, best.items) };
  };
  return {
    async leaderboard(period: BoardPeriod, page: PageRequest): Promise<Page<LeaderboardEntry>> {
      await caughtUp();
      return leaderboard(app.db, period, app.clock(), page);
    },
    async contributions(page: PageRequest): Promise<Page<ContributionView>> {
      await caughtUp();
      return latestContributions(app.db, page);
    },
    async featured(): Promise<FeaturedMemberView[]> {
      await caughtUp();
      return Promise.all((await featuredMembers(app.db, COMMUNITY_LIMITS.featured)).map(withPrompts));
    },
    /** A member's public face, or null: unknown, deleted, or never published (nor featured). */
    async member(userId: number): Promise<MemberProfileView | null> {
      await caughtUp();
      const member = await getMember(app.db, userId);
      return member && { ...member, standing: await standingOf(app.db, userId, app.clock()) };
    },
    /** Null when the member has no page. */
    async memberPrompts(userId: number, page: PageRequest): Promise<Page<PromptView> | null> {
      if (!(await getMember(app.db, userId))) return null;
      const ids = await memberPromptIds(app.db, userId, page);
      return { items: await promptsOf(app, ids.items), nextCursor: ids.nextCursor };
    },
    async memberCollections(userId: number, page: PageRequest): Promise<Page<CollectionView> | null> {
      if (!(await getMember(app.db, userId))) return null;
      return listCollections(app.db, userId, page, true);
    },
  };
}

export type CommunityReader = ReturnType<typeof communityReader>;
