import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as routes from '../../src/shared/api-routes.generated';
import { backends, freshApp, settleAll } from '../support/backends';
import { Browser, browsersAt, installApp, signUpAs } from '../support/test-app';

/**
 * A pen name hides the account: a prompt a member publishes under an author name other than
 * their account's own has no member link in any answer and stays off their member page, the
 * latest contributions, the featured members' prompts and the boards; under their own name
 * (given, or left to the server) it is theirs everywhere. Through the real endpoints, on both
 * backends, live and after the read models are rebuilt from the log.
 */
describe.each(backends)('pen names on $name', (backend) => {
  let app: Awaited<ReturnType<typeof freshApp>>;
  const [mia, admin, visitor] = browsersAt('10.29.0', 3);
  const fans = [1, 2, 3].map((i) => new Browser(`10.29.1.${i}`));
  const ids: Record<string, number> = {};

  const publish = async (title: string, authorName?: string) => {
    const body = {
      title,
      description: 'A prompt for the pen-name test.',
      content: `${title}: write it well.`,
      categoryId: 1,
      ...(authorName ? { authorName } : {}),
    };
    const r = await mia.api(routes.submit, { body });
    expect(r.status).toBe(201);
    expect((await admin.api(routes.review, { params: { id: r.body.id }, body: { isApproved: true } })).status).toBe(200);
    return r.body.id as number;
  };

  beforeAll(async () => {
    app = await freshApp(backend, { publicUrl: 'http://localhost:4321', adminEmail: 'admin@promptory.test' });
    installApp(app);
    ids.mia = await signUpAs(app, mia, 'mia@example.com', 'Mia Member');
    await signUpAs(app, admin, 'admin@promptory.test', 'Admin');
    for (const [i, fan] of fans.entries()) await signUpAs(app, fan, `fan${i}@example.com`, `Fan ${i}`);
    ids.hidden = await publish('Hidden haiku helper', 'Anonymous');
    ids.own = await publish('Own sonnet helper', 'Mia Member');
    ids.implicit = await publish('Implicit limerick helper');
    // Uses and Helpful ratings of the pen-name prompt would raise Mia on the boards; they must not.
    for (const fan of fans) {
      expect((await fan.api(routes.use, { params: { id: ids.hidden } })).status).toBe(200);
      expect((await fan.api(routes.rate, { body: { promptId: ids.hidden, value: 5 } })).status).toBe(200);
    }
    expect((await fans[0].api(routes.use, { params: { id: ids.own } })).status).toBe(200);
    expect((await admin.api(routes.featureMember, { params: { id: ids.mia }, body: { featured: true } })).status).toBe(200);
    await settleAll(app);
  }, 120_000);
  afterAll(async () => app?.dispose());

  /** Every public answer that carries the prompts, as a visitor reads them. */
  const everything = async () => {
    await settleAll(app);
    const [one, own, implicit, list, search, extension, memberPrompts, member, contributions, featured, board] = await Promise.all([
      visitor.api(routes.prompt, { params: { id: ids.hidden } }),
      visitor.api(routes.prompt, { params: { id: ids.own } }),
      visitor.api(routes.prompt, { params: { id: ids.implicit } }),
      visitor.api(routes.prompts),
      visitor.api(routes.extensionPrompts, { query: { q: 'helper' } }),
      visitor.api(routes.extensionPrompts, {}),
      visitor.api(routes.memberPrompts, { params: { id: ids.mia } }),
      visitor.api(routes.member, { params: { id: ids.mia } }),
      visitor.api(routes.contributions),
      visitor.api(routes.featuredMembers),
      visitor.api(routes.leaderboard, { query: { period: 'all' } }),
    ]);
    return { one, own, implicit, list, search, extension, memberPrompts, member, contributions, featured, board };
  };

  const expectHidden = async () => {
    const r = await everything();
    // The prompt itself: its pen name, and no account behind it.
    expect(r.one.body).toMatchObject({ id: ids.hidden, authorName: 'Anonymous', authorId: null });
    expect(r.own.body).toMatchObject({ authorName: 'Mia Member', authorId: ids.mia });
    expect(r.implicit.body).toMatchObject({ authorName: 'Mia Member', authorId: ids.mia });
    for (const listed of [r.list.body, r.search.body, r.extension.body] as { id: number; authorId: number | null }[][]) {
      const byId = new Map(listed.map((p) => [p.id, p.authorId]));
      expect([byId.get(ids.hidden), byId.get(ids.own), byId.get(ids.implicit)]).toEqual([null, ids.mia, ids.mia]);
    }
    // Her page, her standing, her contributions, her featured prompts: her own name's prompts only.
    expect(r.memberPrompts.body.items.map((p: { id: number }) => p.id).sort()).toEqual([ids.own, ids.implicit].sort());
    expect(r.member.body).toMatchObject({ name: 'Mia Member', publishedCount: 2, standing: { all: { score: 1 } } });
    const contributed = r.contributions.body.items.map((c: { promptId: number }) => c.promptId);
    expect(contributed).toContain(ids.own);
    expect(contributed).not.toContain(ids.hidden);
    const featuredMia = r.featured.body.find((m: { userId: number }) => m.userId === ids.mia);
    expect(featuredMia.prompts.map((p: { id: number }) => p.id)).not.toContain(ids.hidden);
    // One use of her own prompt by a fan: 1 point; the pen name's 3 uses and 3 Helpful ratings count for nobody.
    expect(r.board.body.items.map((e: { userId: number; score: number }) => [e.userId, e.score])).toEqual([[ids.mia, 1]]);
    // Nothing anywhere in the public answers pairs the pen-name prompt with her account.
    for (const answer of [r.memberPrompts, r.member, r.contributions, r.featured, r.board]) expect(JSON.stringify(answer.body)).not.toContain('Hidden haiku');
  };

  it('a prompt published as "Anonymous" links to no one and stays off the member page, contributions and boards; one under her own name is hers', async () => {
    await expectHidden();
  });

  it('the same after every read model is rebuilt from the log', async () => {
    await app.runner.rebuild('catalog');
    await app.runner.rebuild('community');
    await expectHidden();
  });

  it('a private prompt kept under a pen name and later shared stays unlinked once published', async () => {
    const saved = await mia.api(routes.submit, {
      body: {
        title: 'Quiet draft helper',
        description: 'A prompt for the pen-name test.',
        content: 'Quiet draft: write it well.',
        categoryId: 1,
        authorName: 'Quill',
        visibility: 'private',
      },
    });
    expect(saved.status).toBe(201);
    expect(saved.body.authorId).toBeNull();
    expect((await mia.api(routes.share, { params: { id: saved.body.id } })).status).toBe(200);
    expect((await admin.api(routes.review, { params: { id: saved.body.id }, body: { isApproved: true } })).status).toBe(200);
    await settleAll(app);
    expect((await visitor.api(routes.prompt, { params: { id: saved.body.id } })).body).toMatchObject({ authorName: 'Quill', authorId: null });
    expect((await visitor.api(routes.memberPrompts, { params: { id: ids.mia } })).body.items.map((p: { id: number }) => p.id)).not.toContain(saved.body.id);
  });
});
