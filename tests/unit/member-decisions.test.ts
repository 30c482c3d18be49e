import { describe, expect, it } from 'vitest';
import type { NewEvent } from '../../events';
import { periodRange, siteDay, MEMBER_REFUSALS } from '../../modules/members/contracts';
import { memberDecider } from '../../modules/members/domain/member';
import { given } from '../support/given';

const admin = { userId: 1, isAdmin: true };
const registered: NewEvent = { type: 'UserRegistered', data: { userId: 7, email: 'bo@example.com', name: 'Bo', username: null } };
const deleted: NewEvent = { type: 'AccountDeleted', data: { userId: 7 } };
const featured: NewEvent = { type: 'MemberFeatured', data: { userId: 7, featuredBy: 1 } };
const unfeatured: NewEvent = { type: 'MemberUnfeatured', data: { userId: 7, unfeaturedBy: 1 } };
const feature = (actor = admin) => ({ kind: 'feature' as const, userId: 7, actor });
const unfeature = { kind: 'unfeature' as const, userId: 7, actor: admin };

describe('featured members', () => {
  it('given a member, when the admin features them, then they are featured', () => given(memberDecider, registered).when(feature()).then(featured));
  it('given a featured member, when the admin features them again, then nothing is added', () =>
    given(memberDecider, registered, featured).when(feature()).then());
  it('given a featured member, when the admin unfeatures them, then they are not', () =>
    given(memberDecider, registered, featured).when(unfeature).then(unfeatured));
  it('given a member not featured, when the admin unfeatures them, then nothing is added', () => given(memberDecider, registered).when(unfeature).then());
  it('given a member, when anyone but the admin features them, then it is refused', () =>
    given(memberDecider, registered)
      .when(feature({ userId: 7, isAdmin: false }))
      .thenRefuses(MEMBER_REFUSALS.adminOnly));
  it('given no account, when the admin features it, then it is not found', () => given(memberDecider).when(feature()).thenRefuses(MEMBER_REFUSALS.notFound));
  it('given a deleted account, when the admin features it, then it is not found', () =>
    given(memberDecider, registered, deleted).when(feature()).thenRefuses(MEMBER_REFUSALS.notFound));
});

describe("the site's weeks and months (Asia/Hong_Kong)", () => {
  it('puts an instant on its Hong Kong day', () => {
    expect(siteDay('2026-03-08T15:59:59Z')).toBe('2026-03-08');
    expect(siteDay('2026-03-08T16:00:00Z')).toBe('2026-03-09');
  });
  it('starts weeks on Monday at midnight in Hong Kong', () => {
    expect(periodRange('week', new Date('2026-03-08T15:59:59Z'))).toEqual({ from: '2026-03-02', to: '2026-03-09' });
    expect(periodRange('week', new Date('2026-03-08T16:00:00Z'))).toEqual({ from: '2026-03-09', to: '2026-03-16' });
  });
  it('takes months as calendar months there, across a year end', () => {
    expect(periodRange('month', new Date('2026-12-31T16:30:00Z'))).toEqual({ from: '2027-01-01', to: '2027-02-01' });
    expect(periodRange('month', new Date('2026-02-10T00:00:00Z'))).toEqual({ from: '2026-02-01', to: '2026-03-01' });
    expect(periodRange('all', new Date())).toEqual({ from: null, to: null });
  });
});
