import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { collectionRoutes } from '../../modules/collections/routes';
import { engagementRoutes } from '../../modules/engagement/routes';
import { EDIT_MESSAGES } from '../../modules/prompts/contracts';
import { promptRoutes } from '../../modules/prompts/routes';
import { listPrompts } from '../../projections/catalog/queries';
import { libraryReader } from '../../src/server/library';
import { backends, freshApp, settleAll } from '../support/backends';
import { authorOtherAdmin, browsersAt, castApp, submissionTitled, type Browser } from '../support/test-app';

const draft = (title: string, visibility: 'public' | 'private' = 'public') =>
  submissionTitled(title, { visibility, content: 'Write about {{topic}} in a {{tone:formal|casual}} tone.' });

/** Editing and versions over the real endpoints and middlewares, on each backend. */
describe.each(backends)('editing and versions on $name', (backend) => {
  let app: Awaited<ReturnType<typeof freshApp>>;
  const [author, other, admin, visitor, rater] = browsersAt('10.5.0', 5);
  let raterId = 0;
  const events = () => app.store.count();
  const ids = (list: { id: number }[]) => list.map((p) => p.id);
  const versionsOf = async (b: Browser, id: number, query: { limit?: number; cursor?: number } = {}) =>
    b.api(promptRoutes.versions, { params: { id }, query: query as never });
  const mine = async (id: number) => (await author.api(promptRoutes.mySubmissions)).body.items.find((p: { id: number }) => p.id === id);
  const publish = async (title: string) => {
    const { id } = (await author.api(promptRoutes.submit, { body: draft(title) })).body;
    expect((await admin.api(promptRoutes.review, { params: { id }, body: { isApproved: true } })).status).toBe(200);
    return id as number;
  };

  beforeAll(async () => {
    let ids: number[];
    ({ app, ids } = await castApp(backend, { sameOrigin: [author, other, admin, visitor, rater] }, ...authorOtherAdmin(author, other, admin), [
      rater,
      'rater@example.com',
    ]));
    raterId = ids[3];
  });
  afterAll(async () => app?.dispose());

  it('edits a private prompt at once, lists its versions (paged), restores one; a no-op appends nothing', async () => {
    const { id } = (await author.api(promptRoutes.submit, { body: draft('Private report maker', 'private') })).body;
    const first = await author.api(promptRoutes.edit, { params: { id }, body: { title: 'Private report writer', note: 'better verb' } });
    expect(first.status).toBe(200);
    expect(first.body).toEqual({ id, status: 'private', version: 2, applied: true, changed: true });
    expect((await author.api(promptRoutes.prompt, { params: { id } })).body).toMatchObject({ title: 'Private report writer', version: 2 });

    const before = await events();
    const same = await author.api(promptRoutes.edit, { params: { id }, body: { title: 'Private report writer', categoryId: 1, note: 'nothing new' } });
    expect(same.body).toEqual({ id, status: 'private', version: 2, applied: true, changed: false });
    expect(await events()).toBe(before);

    await author.api(promptRoutes.edit, { params: { id }, body: { content: 'Write about {{topic}} briefly, for a busy reader.' } });
    const all = await versionsOf(author, id);
    expect(all.status).toBe(200);
    expect(all.headers.get('cache-control')).toContain('no-store');
    expect(
      all.body.items.map((v: { version: number; status: string; current: boolean; note: string | null }) => [v.version, v.status, v.current, v.note]),
    ).toEqual([
      [1, 'draft', false, null],
      [2, 'draft', false, 'better verb'],
      [3, 'draft', true, null],
    ]);
    const page1 = await versionsOf(author, id, { limit: 2 });
    expect(page1.body.items.map((v: { version: number }) => v.version)).toEqual([1, 2]);
    expect(page1.body.nextCursor).toBe(2);
    const page2 = await versionsOf(author, id, { limit: 2, cursor: 2 });
    expect(page2.body).toMatchObject({ items: [{ version: 3 }], nextCursor: null });

    const restored = await author.api(promptRoutes.restore, { params: { id, version: 1 }, body: { note: 'the original' } });
    expect(restored.body).toEqual({ id, status: 'private', version: 4, applied: true, changed: true });
    const v4 = (await versionsOf(author, id, { cursor: 3 })).body.items[0];
    expect(v4).toMatchObject({ version: 4, title: 'Private report maker', content: draft('').content, restoredFrom: 1, note: 'the original', current: true });
    expect((await author.api(promptRoutes.restore, { params: { id, version: 99 }, body: {} })).body).toMatchObject({ error: EDIT_MESSAGES.versionNotFound });
  });

  it('answers everyone but the author 404 on a private prompt (the admin included), a visitor 401 on writes, and appends nothing', async () => {
    const { id } = (await author.api(promptRoutes.submit, { body: draft('Private, keep out', 'private') })).body;
    const before = await events();
    for (const b of [other, admin, visitor]) expect((await versionsOf(b, id)).status).toBe(404);
    for (const b of [other, admin]) {
      expect((await b.api(promptRoutes.edit, { params: { id }, body: { title: 'Someone else edits' } })).status).toBe(404);
      expect((await b.api(promptRoutes.restore, { params: { id, version: 1 }, body: {} })).status).toBe(404);
      expect((await b.api(promptRoutes.withdrawRevision, { params: { id } })).status).toBe(404);
    }
    expect((await admin.api(promptRoutes.reviewRevision, { params: { id, version: 1 }, body: { isApproved: true } })).status).toBe(404);
    expect((await visitor.api(promptRoutes.edit, { params: { id }, body: { title: 'A visitor edits' } })).status).toBe(401);
    expect((await versionsOf(visitor, 999_999)).status).toBe(404);
    expect(await events()).toBe(before);
  });

  it("refuses edits past the create page's limits with 400 and issues, and appends nothing", async () => {
    const { id } = (await author.api(promptRoutes.submit, { body: draft('Limits to respect', 'private') })).body;
    const before = await events();
    const bad = await author.api(promptRoutes.edit, { params: { id }, body: { title: 'abc', content: 'x'.repeat(5001), note: 'n'.repeat(201) } });
    expect(bad.status).toBe(400);
    expect(bad.body.issues.map((i: { path: string[]; code: string; limit?: number }) => [i.path.join('.'), i.code, i.limit])).toEqual([
      ['title', 'too_small', 5],
      ['content', 'too_big', 5000],
      ['note', 'too_big', 200],
    ]);
    expect(bad.body.issues[2].message).toBe(EDIT_MESSAGES.noteTooLong);
    expect((await author.api(promptRoutes.edit, { params: { id }, body: {} })).status).toBe(400);
    expect((await author.api(promptRoutes.edit, { params: { id }, body: { categoryId: 999 } })).status).toBe(400);
    expect((await author.api(promptRoutes.restore, { params: { id, version: 'one' as never }, body: {} })).status).toBe(400);
    expect(await events()).toBe(before);
  });

  it('applies an edit of a pending prompt at once: it stays pending and the queue shows the new content', async () => {
    const { id } = (await author.api(promptRoutes.submit, { body: draft('Pending edit target') })).body;
    const edited = await author.api(promptRoutes.edit, { params: { id }, body: { description: 'A newer description, long enough.' } });
    expect(edited.body).toEqual({ id, status: 'pending', version: 2, applied: true, changed: true });
    const queued = (await admin.api(promptRoutes.pending)).body.items.find((p: { id: number }) => p.id === id);
    expect(queued.description).toBe('A newer description, long enough.');
    expect(await mine(id)).toMatchObject({ status: 'pending', version: 2, pendingRevision: null });
    expect((await versionsOf(admin, id)).body.items.map((v: { status: string }) => v.status)).toEqual(['draft', 'pending']);
    expect((await versionsOf(other, id)).status).toBe(404);
  });

  it('keeps the published text public while a revision waits; withdraw, reject and approve it', async () => {
    const id = await publish('Published original title');
    const proposed = await author.api(promptRoutes.edit, { params: { id }, body: { title: 'Revised public title', note: 'clearer' } });
    expect(proposed.body).toEqual({ id, status: 'approved', version: 2, applied: false, changed: true });

    // The public (API, list and search) still sees version 1.
    expect((await visitor.api(promptRoutes.prompt, { params: { id } })).body).toMatchObject({ title: 'Published original title', version: 1 });
    expect((await visitor.api(promptRoutes.prompts)).body.find((p: { id: number }) => p.id === id).title).toBe('Published original title');
    expect(ids(await listPrompts(app.db, { q: 'revised public' }))).toEqual([]);
    expect(ids(await listPrompts(app.db, { q: 'published original' }))).toEqual([id]);
    expect((await versionsOf(visitor, id)).body.items.map((v: { version: number }) => v.version)).toEqual([1]);
    expect((await versionsOf(author, id)).body.items.map((v: { status: string; current: boolean }) => [v.status, v.current])).toEqual([
      ['published', true],
      ['pending', false],
    ]);
    expect(await mine(id)).toMatchObject({
      version: 1,
      title: 'Published original title',
      pendingRevision: { version: 2, title: 'Revised public title', note: 'clearer' },
    });
    const queue = (await admin.api(promptRoutes.pendingRevisions)).body.items;
    expect(queue.find((r: { promptId: number }) => r.promptId === id)).toMatchObject({
      version: 2,
      title: 'Revised public title',
      authorName: 'Ada Author',
      published: { version: 1, title: 'Published original title' },
    });

    // Only the author withdraws it; then nothing waits.
    expect((await admin.api(promptRoutes.withdrawRevision, { params: { id } })).status).toBe(403);
    expect((await other.api(promptRoutes.withdrawRevision, { params: { id } })).status).toBe(404);
    expect((await author.api(promptRoutes.withdrawRevision, { params: { id } })).body).toEqual({
      id,
      status: 'approved',
      version: 2,
      applied: true,
      changed: true,
    });
    expect((await admin.api(promptRoutes.pendingRevisions)).body.items.map((r: { promptId: number }) => r.promptId)).not.toContain(id);
    expect((await mine(id)).pendingRevision).toBeNull();
    const again = await author.api(promptRoutes.withdrawRevision, { params: { id } });
    expect([again.status, again.body.error]).toEqual([409, EDIT_MESSAGES.noPendingRevision]);

    // A rejected revision leaves the public version; My Prompts says so.
    await author.api(promptRoutes.edit, { params: { id }, body: { title: 'Third title attempt' } });
    const stale = await admin.api(promptRoutes.reviewRevision, { params: { id, version: 2 }, body: { isApproved: true } });
    expect([stale.status, stale.body.error]).toEqual([409, EDIT_MESSAGES.revisionNotPending]);
    expect((await other.api(promptRoutes.reviewRevision, { params: { id, version: 3 }, body: { isApproved: true } })).status).toBe(403);
    expect((await admin.api(promptRoutes.reviewRevision, { params: { id, version: 3 }, body: { isApproved: false, reason: 'other' } })).body).toMatchObject({
      applied: true,
    });
    expect((await visitor.api(promptRoutes.prompt, { params: { id } })).body.title).toBe('Published original title');
    expect((await mine(id)).lastRevisionRejected).toMatchObject({ version: 3 });

    // An approved one becomes public everywhere, search included.
    await author.api(promptRoutes.edit, { params: { id }, body: { title: 'Fourth and final title', content: 'Summarise {{topic}} for a newcomer.' } });
    expect((await admin.api(promptRoutes.reviewRevision, { params: { id, version: 4 }, body: { isApproved: true } })).status).toBe(200);
    expect((await visitor.api(promptRoutes.prompt, { params: { id } })).body).toMatchObject({
      title: 'Fourth and final title',
      version: 4,
      variables: [{ name: 'topic' }],
    });
    expect(ids(await listPrompts(app.db, { q: 'fourth and final' }))).toEqual([id]);
    expect(ids(await listPrompts(app.db, { q: 'published original' }))).toEqual([]);
    expect((await versionsOf(visitor, id)).body.items.map((v: { version: number; current: boolean }) => [v.version, v.current])).toEqual([
      [1, false],
      [4, true],
    ]);
    expect(await mine(id)).toMatchObject({ version: 4, pendingRevision: null, lastRevisionRejected: null });

    // Restoring a published prompt's version is a revision too.
    expect((await author.api(promptRoutes.restore, { params: { id, version: 1 }, body: {} })).body).toEqual({
      id,
      status: 'approved',
      version: 5,
      applied: false,
      changed: true,
    });
    expect((await visitor.api(promptRoutes.prompt, { params: { id } })).body.version).toBe(4);
  });

  it('pages the revisions queue oldest first, each revision once', async () => {
    const first = await publish('Queue paging first');
    const second = await publish('Queue paging second');
    await author.api(promptRoutes.edit, { params: { id: first }, body: { title: 'Queue paging first, revised' } });
    await author.api(promptRoutes.edit, { params: { id: second }, body: { title: 'Queue paging second, revised' } });
    const seen: number[] = [];
    let cursor: number | undefined;
    do {
      const page = (await admin.api(promptRoutes.pendingRevisions, { query: { limit: 1, ...(cursor ? { cursor } : {}) } as never })).body;
      expect(page.items.length).toBeLessThanOrEqual(1);
      seen.push(...page.items.map((r: { promptId: number }) => r.promptId));
      cursor = page.nextCursor ?? undefined;
    } while (cursor);
    expect(seen.filter((id) => id === first || id === second)).toEqual([first, second]);
    expect(new Set(seen).size).toBe(seen.length);
    expect((await admin.api(promptRoutes.pendingRevisions, { query: { limit: 101 } as never })).status).toBe(400);
  });

  it("applies the admin's edit of a published prompt at once; a withdrawn prompt cannot be edited", async () => {
    const id = await publish('Admin will polish this');
    expect((await admin.api(promptRoutes.edit, { params: { id }, body: { title: 'Admin polished this' } })).body).toMatchObject({ applied: true, version: 2 });
    expect((await visitor.api(promptRoutes.prompt, { params: { id } })).body).toMatchObject({ title: 'Admin polished this', version: 2 });
    expect((await author.api(promptRoutes.withdraw, { params: { id } })).status).toBe(200);
    const before = await events();
    const refused = await author.api(promptRoutes.edit, { params: { id }, body: { title: 'Edited after withdrawal' } });
    expect([refused.status, refused.body.error]).toEqual([409, EDIT_MESSAGES.withdrawnPrompt]);
    expect(await events()).toBe(before);
  });

  it('records the version of ratings, uses, bookmarks and collection items; the detail counts the current version', async () => {
    const id = await publish('Rated across versions');
    await rater.api(engagementRoutes.rate, { body: { promptId: id, value: 5 } });
    await other.api(engagementRoutes.rate, { body: { promptId: id, value: 1 } });
    await rater.api(engagementRoutes.bookmark, { body: { promptId: id } });
    const detail = async () => (await visitor.api(promptRoutes.prompt, { params: { id } })).body;
    expect((await detail()).versionRating).toEqual({ version: 1, count: 2, helpful: 1 });

    await admin.api(promptRoutes.edit, { params: { id }, body: { content: 'A second version of the content.' } });
    expect(await detail()).toMatchObject({ version: 2, ratingCount: 2, versionRating: { version: 2, count: 0, helpful: 0 } });
    // The same value again moves the rating to the new version; the all-time count stays.
    await rater.api(engagementRoutes.rate, { body: { promptId: id, value: 5 } });
    expect(await detail()).toMatchObject({ ratingCount: 2, versionRating: { version: 2, count: 1, helpful: 1 } });

    expect((await rater.api(promptRoutes.use, { params: { id } })).status).toBe(200);
    const [used] = await app.db.query<{ data: { version: number } }>(`select data from events where type = 'Used' order by position desc limit 1`);
    expect(used.data.version).toBe(2);

    const bookmarks = (await rater.api(engagementRoutes.myBookmarks)).body.items;
    expect(bookmarks.find((b: { promptId: number }) => b.promptId === id)).toMatchObject({ savedVersion: 1, prompt: { version: 2 } });
    const tab = await libraryReader(app).bookmarks(raterId, { q: '', category: '', sort: 'popular' });
    expect(tab.find((p) => p.id === id)).toMatchObject({ version: 2, savedVersion: 1 });
    const collection = (await rater.api(collectionRoutes.createCollection, { body: { name: 'Saved versions', isPublic: false } })).body;
    await rater.api(collectionRoutes.addToCollection, { params: { id: collection.id }, body: { promptId: id } });
    const listed = (await rater.api(collectionRoutes.collection, { params: { id: collection.id } })).body.prompts;
    expect(listed).toMatchObject([{ id, version: 2, savedVersion: 2 }]);
  });

  it("lists each version's uses and ratings apart; uses recorded before they carried a version count only in the total", async () => {
    const id = await publish('Counted per version');
    const figures = async (b: Browser = visitor) =>
      (await versionsOf(b, id)).body.items.map((v: { version: number; uses: number; ratingCount: number; helpfulCount: number }) => [
        v.version,
        v.uses,
        v.ratingCount,
        v.helpfulCount,
      ]);
    expect(await figures()).toEqual([[1, 0, 0, 0]]);
    await visitor.api(promptRoutes.use, { params: { id } });
    await other.api(promptRoutes.use, { params: { id } });
    await rater.api(engagementRoutes.rate, { body: { promptId: id, value: 5 } });
    await other.api(engagementRoutes.rate, { body: { promptId: id, value: 1 } });
    // A use from before uses carried their version: stored as the event's version 1, without the field.
    const old = await app.store.append(`use-${id}-legacy`, [{ type: 'Used', data: { promptId: id, userId: null, count: 4 } }], {
      expectedVersion: 'any',
      metadata: { actor: null, requestId: 't', at: new Date().toISOString() },
    });
    await app.db.query(`update events set version = 1, data = data - 'version' where position = $1`, [old.last!.position]);
    await app.settle(old);

    await admin.api(promptRoutes.edit, { params: { id }, body: { content: 'The second wording of the prompt.' } });
    // The rater rates the new wording (their rating moves to version 2); a new visitor uses it.
    await rater.api(engagementRoutes.rate, { body: { promptId: id, value: 5 } });
    await author.api(promptRoutes.use, { params: { id } });
    const expected = [
      [1, 2, 1, 0],
      [2, 1, 1, 1],
    ];
    expect(await figures()).toEqual(expected);
    expect(await figures(author)).toEqual(expected);
    // The total counts every use, the versionless ones too.
    expect((await visitor.api(promptRoutes.prompt, { params: { id } })).body).toMatchObject({ usageCount: 7, ratingCount: 2 });

    await settleAll(app);
    await app.runner.rebuild('catalog');
    await app.runner.rebuild('engagement');
    expect(await figures()).toEqual(expected);
  });

  it("shows a private prompt's figures to its author alone", async () => {
    // The rater writes this one: the author's submissions are near their hourly limit by now.
    const saved = await rater.api(promptRoutes.submit, { body: draft('Private figures', 'private') });
    expect(saved.status).toBe(201);
    const { id } = saved.body;
    expect((await versionsOf(rater, id)).body.items).toMatchObject([{ version: 1, uses: 0, ratingCount: 0, helpfulCount: 0 }]);
    for (const b of [author, admin, visitor]) expect((await versionsOf(b, id)).status).toBe(404);
  });

  it('rebuilds versions, revisions, per-version ratings and saved versions from the log equal to the live tables', async () => {
    await settleAll(app);
    const tables = ['catalog', 'review', 'engagement', 'collections'].flatMap((name) => app.runner.projections.find((p) => p.name === name)!.tables);
    const dump = async () => Object.fromEntries(await Promise.all(tables.map(async (t) => [t, await app.db.query(`select * from "${t}" order by 1, 2`)])));
    const live = await dump();
    // The tests above left revisions in every state, ratings on two versions and saved versions.
    expect(new Set(live.review_revisions.map((r: { status: string }) => r.status))).toEqual(new Set(['pending', 'approved', 'rejected', 'withdrawn']));
    expect(new Set(live.ratings.map((r: { version: number }) => r.version))).toEqual(new Set([1, 2]));
    expect(live.collection_items.map((r: { saved_version: number }) => r.saved_version)).toEqual([2]);
    expect(live.catalog_version_uses.map((r: { version: number }) => r.version)).toEqual(expect.arrayContaining([1, 2]));
    for (const name of ['catalog', 'review', 'engagement', 'collections']) await app.runner.rebuild(name);
    expect(await dump()).toEqual(live);
  });
});
