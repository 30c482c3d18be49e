import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountStream } from '../../events/streams';
import * as routes from '../../src/shared/api-routes.generated';
import { backends, freshApp, settleAll } from '../support/backends';
import { Browser, installApp, signUpAs } from '../support/test-app';

/**
 * The Community page's people (docs/community.md), through the real endpoints on both
 * backends: the boards rank by the documented score in the site's weeks and months (the
 * clock moved across a week boundary), the latest contributions, featured members, member
 * pages, a deleted account leaving all of it, and the tables rebuilt from the log equal to live.
 */
describe.each(backends)('leaderboards and people on $name', (backend) => {
  let app: Awaited<ReturnType<typeof freshApp>>;
  let now = new Date('2026-03-08T14:00:00Z'); // Sunday 22:00 in Hong Kong
  const as = {
    ada: new Browser('10.9.0.1'),
    bo: new Browser('10.9.0.2'),
    cy: new Browser('10.9.0.3'),
    admin: new Browser('10.9.0.4'),
    fans: [1, 2, 3, 4, 5].map((i) => new Browser(`10.9.1.${i}`)),
  };
  const ids: Record<string, number> = {};

  const publish = async (author: Browser, title: string) => {
    const r = await author.api(routes.submit, {
      body: { title, description: 'A prompt for the leaderboard test.', content: `${title}: write it well.`, categoryId: 1 },
    });
    expect(r.status).toBe(201);
    expect((await as.admin.api(routes.review, { params: { id: r.body.id }, body: { isApproved: true } })).status).toBe(200);
    return r.body.id as number;
  };
  const use = async (who: Browser, id: number) => expect((await who.api(routes.use, { params: { id } })).status).toBe(200);
  const rate = async (who: Browser, promptId: number, value: 1 | 5) => expect((await who.api(routes.rate, { body: { promptId, value } })).status).toBe(200);
  const board = async (period: 'week' | 'month' | 'all', query: Record<string, number> = {}) => {
    await settleAll(app);
    const r = await as.cy.api(routes.leaderboard, { query: { period, ...query } });
    expect(r.status).toBe(200);
    return r.body as {
      items: { userId: number; name: string; score: number; uses: number; helpful: number; rank: number; publishedCount: number }[];
      nextCursor: number | null;
    };
  };
  const ranking = async (period: 'week' | 'month' | 'all') => (await board(period)).items.map((e) => [e.name, e.score, e.uses, e.helpful]);

  beforeAll(async () => {
    app = await freshApp(backend, { publicUrl: 'http://localhost:4321', adminEmail: 'admin@promptory.test' });
    app.clock = () => now;
    installApp(app);
    ids.ada = await signUpAs(app, as.ada, 'ada@example.com', 'Ada');
    ids.bo = await signUpAs(app, as.bo, 'bo@example.com', 'Bo');
    ids.cy = await signUpAs(app, as.cy, 'cy@example.com', 'Cy');
    await signUpAs(app, as.admin, 'admin@promptory.test', 'Admin');
    for (const [i, fan] of as.fans.entries()) await signUpAs(app, fan, `fan${i}@example.com`, `Fan ${i}`);

    // Last week (Sunday night): Ada's prompt, used by five fans and herself, rated Helpful by two fans and herself.
    ids.adaPrompt = await publish(as.ada, 'Ada writes sonnets');
    for (const fan of as.fans) await use(fan, ids.adaPrompt);
    await use(as.ada, ids.adaPrompt);
    await rate(as.fans[0], ids.adaPrompt, 5);
    await rate(as.fans[1], ids.adaPrompt, 5);
    await rate(as.ada, ids.adaPrompt, 5);
    // Cy floods: three prompts nobody uses.
    for (const n of [1, 2, 3]) await publish(as.cy, `Cy floods the list ${n}`);

    // Monday morning: a new week, the same month. Bo's prompt: three uses, two Helpful, then one changes its mind.
    now = new Date('2026-03-09T02:00:00Z');
    ids.boPrompt = await publish(as.bo, 'Bo plans trips');
    for (const fan of as.fans.slice(0, 3)) await use(fan, ids.boPrompt);
    for (const fan of as.fans.slice(0, 3)) await rate(fan, ids.boPrompt, 5);
    await rate(as.fans[2], ids.boPrompt, 1);
    // A fan who liked Ada's prompt last week changes their mind this week: last week's point goes.
    await rate(as.fans[1], ids.adaPrompt, 1);
    await settleAll(app);
  }, 120_000);
  afterAll(async () => app?.dispose());

  it('ranks by uses by others plus 5 per Helpful by others, in the site time zone (Monday starts the week)', async () => {
    // Ada: 5 uses + 1 helpful = 10 (her own use and rating do not count); Bo: 3 + 2 = 13.
    expect(await ranking('week')).toEqual([['Bo', 13, 3, 2]]);
    expect(await ranking('month')).toEqual([
      ['Bo', 13, 3, 2],
      ['Ada', 10, 5, 1],
    ]);
    expect(await ranking('all')).toEqual(await ranking('month'));
    // Three published prompts without a use earn nothing.
    expect((await board('all')).items.some((e) => e.userId === ids.cy)).toBe(false);
  });

  it('keeps ties in the order of first publication, and pages by rank', async () => {
    // Two more Helpful for Ada this week: 5 + 3 × 5 = 20 on the month board.
    await rate(as.fans[3], ids.adaPrompt, 5);
    await rate(as.fans[4], ids.adaPrompt, 5);
    const before = await ranking('month');
    expect(before[0]).toEqual(['Ada', 20, 5, 3]);
    // Cy earns 20 too: same score, later first publication, so after Ada.
    const cyPrompt = (await as.cy.api(routes.memberPrompts, { params: { id: ids.cy } })).body.items[0].id as number;
    for (const fan of as.fans) await use(fan, cyPrompt);
    for (const fan of as.fans.slice(0, 3)) await rate(fan, cyPrompt, 5);
    expect((await ranking('month')).slice(0, 2)).toEqual([
      ['Ada', 20, 5, 3],
      ['Cy', 20, 5, 3],
    ]);
    const first = await board('month', { limit: 1 });
    expect(first.items.map((e) => [e.rank, e.name])).toEqual([[1, 'Ada']]);
    const second = await board('month', { limit: 1, cursor: first.nextCursor! });
    expect(second.items.map((e) => [e.rank, e.name])).toEqual([[2, 'Cy']]);
    expect((await as.cy.api(routes.leaderboard, { query: { period: 'year' as never } })).status).toBe(400);
  });

  it('lists the latest contributions with who and when, and member pages with standing and public collections only', async () => {
    const latest = (await as.cy.api(routes.contributions, { query: { limit: 2 } })).body;
    expect(latest.items.map((c: { title: string; author: { name: string }; kind: string }) => [c.title, c.author.name, c.kind])).toEqual([
      ['Bo plans trips', 'Bo', 'published'],
      ['Cy floods the list 3', 'Cy', 'published'],
    ]);
    expect(latest.items[0].at).toBe(now.toISOString());
    expect(latest.nextCursor).not.toBeNull();

    await as.bo.api(routes.createCollection, { body: { name: 'Trips shared', isPublic: true } });
    await as.bo.api(routes.createCollection, { body: { name: 'Trips secret', isPublic: false } });
    const profile = await as.cy.api(routes.member, { params: { id: ids.bo } });
    expect(profile.status).toBe(200);
    expect(profile.body).toMatchObject({ name: 'Bo', publishedCount: 1, featured: false, standing: { week: { score: 13 }, all: { score: 13 } } });
    expect(JSON.stringify(profile.body)).not.toContain('bo@example.com');
    const collections = (await as.cy.api(routes.memberCollections, { params: { id: ids.bo } })).body.items;
    expect(collections.map((c: { name: string }) => c.name)).toEqual(['Trips shared']);
    expect((await as.cy.api(routes.memberPrompts, { params: { id: ids.bo } })).body.items.map((p: { title: string }) => p.title)).toEqual(['Bo plans trips']);
    // A fan never published: no page.
    const fanId = (await as.fans[0].api(routes.me)).body.user.id as number;
    expect((await as.cy.api(routes.member, { params: { id: fanId } })).status).toBe(404);
    expect((await as.cy.api(routes.member, { params: { id: 999_999 } })).status).toBe(404);
  });

  it('features members on the admin’s word only, with their best prompts', async () => {
    const count = async () => (await app.db.query<{ n: number }>('select count(*)::int as n from events'))[0].n;
    const before = await count();
    expect((await as.bo.api(routes.featureMember, { params: { id: ids.bo }, body: { featured: true } })).status).toBe(403);
    expect((await as.admin.api(routes.featureMember, { params: { id: 999_999 }, body: { featured: true } })).status).toBe(404);
    expect((await as.admin.api(routes.featureMember, { params: { id: ids.bo }, body: { featured: 'yes' as never } })).status).toBe(400);
    expect(await count()).toBe(before);
    const r = await as.admin.api(routes.featureMember, { params: { id: ids.bo }, body: { featured: true } });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ userId: ids.bo, featured: true });
    await as.admin.api(routes.featureMember, { params: { id: ids.bo }, body: { featured: true } });
    expect(await count()).toBe(before + 1);
    await as.admin.api(routes.featureMember, { params: { id: ids.ada }, body: { featured: true } });
    const featured = (await as.cy.api(routes.featuredMembers)).body;
    expect(featured.map((m: { name: string; prompts: { title: string }[] }) => [m.name, m.prompts.map((p) => p.title)])).toEqual([
      ['Ada', ['Ada writes sonnets']],
      ['Bo', ['Bo plans trips']],
    ]);
    await as.admin.api(routes.featureMember, { params: { id: ids.ada }, body: { featured: false } });
    expect((await as.cy.api(routes.featuredMembers)).body.map((m: { name: string }) => m.name)).toEqual(['Bo']);
  });

  it('rebuilds from the log to the very tables kept live', async () => {
    await settleAll(app);
    const tables = ['community_members', 'community_prompts', 'community_prompt_days', 'community_ratings', 'community_contributions'];
    const dump = async () => Object.fromEntries(await Promise.all(tables.map(async (t) => [t, await app.db.query(`select * from ${t} order by 1, 2`)])));
    const live = await dump();
    await app.runner.rebuild('community');
    expect(await dump()).toEqual(live);
  });

  it('forgets a deleted account: off every board, no page, not featured, nothing left of theirs', async () => {
    await app.store.append(accountStream(ids.bo), [{ type: 'AccountDeleted', data: { userId: ids.bo } }], {
      expectedVersion: 'any',
      metadata: { actor: ids.bo, requestId: 'delete-test', at: now.toISOString() },
    });
    await settleAll(app);
    for (const period of ['week', 'month', 'all'] as const) expect((await board(period)).items.some((e) => e.userId === ids.bo)).toBe(false);
    expect((await as.cy.api(routes.member, { params: { id: ids.bo } })).status).toBe(404);
    expect((await as.cy.api(routes.featuredMembers)).body).toEqual([]);
    expect((await as.cy.api(routes.contributions)).body.items.some((c: { author: { userId: number } }) => c.author.userId === ids.bo)).toBe(false);
    for (const table of ['community_members', 'community_prompts', 'community_contributions'])
      expect(await app.db.query(`select * from ${table} where ${table === 'community_members' ? 'user_id' : 'owner_id'} = $1`, [ids.bo])).toEqual([]);
    expect(await app.db.query('select * from community_ratings where rater_id = $1', [ids.bo])).toEqual([]);
    // Featuring them now is refused: the account is gone.
    expect((await as.admin.api(routes.featureMember, { params: { id: ids.bo }, body: { featured: true } })).status).toBe(404);
  });
});
