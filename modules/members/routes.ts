import { idParams } from '../../events/ids';
import { pageQuery, type Page } from '../../events/paging';
import { route } from '../../events/route';
import type { CollectionView } from '../collections/contracts';
import type { PromptView } from '../prompts/contracts';
import { boardPeriod, featureMemberRequest, type ContributionView, type LeaderboardEntry, type MemberProfileView, type MemberView } from './contracts';

/** A featured member with their best prompts (most points of all time first). */
export interface FeaturedMemberView extends MemberView {
  prompts: PromptView[];
}

/** The Community page's people (docs/community.md): the boards, the latest contributions, featured members and member pages. */
export const memberRoutes = {
  leaderboard: route<Page<LeaderboardEntry>>()({
    method: 'GET',
    path: '/api/community/leaderboard',
    caller: 'anyone',
    query: pageQuery.extend({ period: boardPeriod.default('week') }),
    summary:
      "The contributors ranked by score in a period (week, month: the site's, Asia/Hong_Kong; or all) with the score's parts; paged (cursor: the last rank).",
  }),
  contributions: route<Page<ContributionView>>()({
    method: 'GET',
    path: '/api/community/contributions',
    caller: 'anyone',
    query: pageQuery,
    summary: "The newest first publications and approved revisions of members' prompts still published; paged (cursor: the last position).",
  }),
  featuredMembers: route<FeaturedMemberView[]>()({
    method: 'GET',
    path: '/api/community/featured-members',
    caller: 'anyone',
    summary: 'The members the admin features, the latest first, each with their best prompts.',
  }),
  member: route<MemberProfileView>()({
    method: 'GET',
    path: '/api/members/{id}',
    caller: 'anyone',
    params: idParams,
    summary: 'A member with a published prompt (or featured): their name, published count and standing on each board; 404 otherwise.',
  }),
  memberPrompts: route<Page<PromptView>>()({
    method: 'GET',
    path: '/api/members/{id}/prompts',
    caller: 'anyone',
    params: idParams,
    query: pageQuery,
    summary: "A member's published prompts, newest first; paged (cursor: the last id).",
  }),
  memberCollections: route<Page<CollectionView>>()({
    method: 'GET',
    path: '/api/members/{id}/collections',
    caller: 'anyone',
    params: idParams,
    query: pageQuery,
    summary: "A member's public collections, newest first; paged (cursor: the last id).",
  }),
  featureMember: route<MemberView>()({
    method: 'PUT',
    path: '/api/admin/members/{id}/featured',
    caller: 'admin',
    reads: ['community', 'audit'],
    params: idParams,
    body: featureMemberRequest,
    summary: 'Features a member on the Community page ({ featured: true }) or takes them off it (false); repeating it changes nothing.',
  }),
};
