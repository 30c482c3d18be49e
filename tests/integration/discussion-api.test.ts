import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postComment } from '../../modules/discussion';
import { discussionRoutes } from '../../modules/discussion/routes';
import { promptRoutes } from '../../modules/prompts/routes';
import { commentCounts } from '../../projections/discussion/queries';
import { backends, freshApp, settleAll, expectRebuildUnchanged } from '../support/backends';
import { Browser, browsersAt, installApp, signUpAs } from '../support/test-app';

const PUBLIC_URL = 'http://localhost:4321';
const ADMIN = 'admin-discussion@example.com';
const web = (ip: string) => Object.assign(new Browser(ip), { headers: { origin: PUBLIC_URL } });

/** Comments and reports end to end through the real middlewares and endpoints, on both backends. */
describe.each(backends)('discussion on $name', (backend) => {
  let app: Awaited<ReturnType<typeof freshApp>>;
  const [ada, bo, admin, visitor] = browsersAt('10.22.0', 4, PUBLIC_URL);
  let adaId = 0;
  const promptId = 1;

  beforeAll(async () => {
    app = await freshApp(backend, { publicUrl: PUBLIC_URL, seed: true, adminEmail: ADMIN });
    await settleAll(app);
    installApp(app);
    adaId = await signUpAs(app, ada, 'ada-discussion@example.com', 'Ada');
    await signUpAs(app, bo, 'bo-discussion@example.com', 'Bo');
    await signUpAs(app, admin, ADMIN, 'Admin');
  });
  afterAll(async () => app?.dispose());

  const post = (who: Browser, body: string, parentId?: number) => who.api(discussionRoutes.postComment, { params: { id: promptId }, body: { body, parentId } });
  const list = (order: 'newest' | 'oldest' = 'newest', cursor?: number, limit = 20) =>
    visitor.api(discussionRoutes.comments, { params: { id: promptId }, query: { order, cursor, limit } });

  it('posts, replies one level deep, lists newest or oldest first a page at a time, and counts for the cards', async () => {
    const first = await post(ada, 'First!\nSee https://example.com/docs');
    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({ body: 'First!\nSee https://example.com/docs', authorName: 'Ada', parentId: null, removed: false, editedAt: null });
    const second = await post(bo, 'Second thought');
    const reply = await post(bo, 'A reply', first.body.id);
    expect(reply.status).toBe(201);
    expect((await post(ada, 'Too deep', reply.body.id)).status).toBe(400);

    const newest = await list('newest');
    expect(newest.body.items.map((c: { id: number }) => c.id)).toEqual([second.body.id, first.body.id]);
    expect(newest.body.items[1].replies.map((r: { body: string }) => r.body)).toEqual(['A reply']);
    expect(newest.body.total).toBe(3);
    const oldest = await list('oldest', undefined, 1);
    expect(oldest.body.items.map((c: { id: number }) => c.id)).toEqual([first.body.id]);
    const next = await list('oldest', oldest.body.nextCursor, 1);
    expect(next.body.items.map((c: { id: number }) => c.id)).toEqual([second.body.id]);
    expect(next.body.nextCursor).toBeNull();
    expect((await commentCounts(app.db, [promptId, 2])).get(promptId)).toBe(3);
    // A cursor past any id (beyond int4) is an empty page, not a 500.
    expect((await list('newest', 2 ** 40)).body.items).toHaveLength(3 - 1);
    expect((await list('oldest', 2 ** 40)).body.items).toEqual([]);
  });

  it('refuses bad comments with 400, a visitor with 401, a hidden prompt with 404, and appends nothing', async () => {
    const before = await app.store.count();
    const empty = await post(ada, '   ');
    expect(empty.status).toBe(400);
    expect(empty.body.issues[0]).toMatchObject({ path: ['body'], code: 'too_small', limit: 1 });
    const long = await post(ada, 'x'.repeat(2001));
    expect(long.body.issues[0]).toMatchObject({ path: ['body'], code: 'too_big', limit: 2000 });
    expect((await post(visitor, 'Hello')).status).toBe(401);
    expect((await ada.api(discussionRoutes.postComment, { params: { id: 999_999 }, body: { body: 'Hi' } })).status).toBe(404);
    expect((await visitor.api(discussionRoutes.comments, { params: { id: 999_999 }, query: {} })).status).toBe(404);
    expect(await app.store.count()).toBe(before);
  });

  it('lets the author edit within 15 minutes and delete; nobody else', async () => {
    const mine = await post(ada, 'Typo hre');
    const edited = await ada.api(discussionRoutes.editComment, { params: { id: mine.body.id }, body: { body: 'Typo here' } });
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({ body: 'Typo here' });
    expect(edited.body.editedAt).not.toBeNull();
    expect((await bo.api(discussionRoutes.editComment, { params: { id: mine.body.id }, body: { body: 'Mine' } })).status).toBe(403);
    expect((await admin.api(discussionRoutes.deleteComment, { params: { id: mine.body.id } })).status).toBe(403);

    // Posted 20 minutes ago: the window is decided from the posting event's time.
    const old = await postComment(app.store, promptId, adaId, 'Old words', null, {
      actor: adaId,
      requestId: 't',
      at: new Date(Date.now() - 20 * 60_000).toISOString(),
    });
    await app.settle(old);
    const late = await ada.api(discussionRoutes.editComment, { params: { id: old.commentId }, body: { body: 'New words' } });
    expect(late.status).toBe(409);

    expect((await ada.api(discussionRoutes.deleteComment, { params: { id: mine.body.id } })).status).toBe(200);
    const ids = (await list()).body.items.map((c: { id: number }) => c.id);
    expect(ids).not.toContain(mine.body.id);
  });

  it('keeps a deleted comment with replies as a "deleted" placeholder', async () => {
    const parent = await post(ada, 'Parent to delete');
    await post(bo, 'Reply that stays', parent.body.id);
    await ada.api(discussionRoutes.deleteComment, { params: { id: parent.body.id } });
    const thread = (await list()).body.items.find((c: { id: number }) => c.id === parent.body.id);
    expect(thread).toMatchObject({ removed: true, body: null, authorName: '' });
    expect(thread.replies.map((r: { body: string }) => r.body)).toEqual(['Reply that stays']);
  });

  it('reports a comment, the admin hides it, and the reporter and the author see the outcome', async () => {
    const rude = await post(ada, 'Buy cheap pills at http://spam.test');
    const report = await bo.api(discussionRoutes.reportComment, { params: { id: rude.body.id }, body: { reason: 'spam', note: 'An ad' } });
    expect(report.status).toBe(201);
    // The same report again while open: the open one.
    expect((await bo.api(discussionRoutes.reportComment, { params: { id: rude.body.id }, body: { reason: 'spam' } })).body.id).toBe(report.body.id);
    expect((await bo.api(discussionRoutes.reportComment, { params: { id: rude.body.id }, body: { reason: 'other' } })).status).toBe(400);
    expect((await bo.api(discussionRoutes.openReports, { query: {} })).status).toBe(403);

    await settleAll(app);
    const open = await admin.api(discussionRoutes.openReports, { query: {} });
    expect(open.body.items).toEqual([
      expect.objectContaining({ id: report.body.id, commentBody: rude.body.body, reason: 'spam', note: 'An ad', reporterName: 'Bo' }),
    ]);
    expect((await admin.api(discussionRoutes.resolveReport, { params: { id: report.body.id }, body: { action: 'withdraw', reason: 'Nope' } })).status).toBe(
      400,
    );
    const resolved = await admin.api(discussionRoutes.resolveReport, { params: { id: report.body.id }, body: { action: 'hide', reason: 'Advertising' } });
    expect(resolved.body).toEqual({ id: report.body.id, outcome: 'hidden' });
    expect((await admin.api(discussionRoutes.resolveReport, { params: { id: report.body.id }, body: { action: 'dismiss', reason: 'Again' } })).status).toBe(
      409,
    );

    expect((await list()).body.items.map((c: { id: number }) => c.id)).not.toContain(rude.body.id);
    expect((await admin.api(discussionRoutes.openReports, { query: {} })).body.items).toEqual([]);
    const told = (who: Browser) => who.api(discussionRoutes.myReportOutcomes, { query: {} }).then((r) => r.body.items);
    expect(await told(bo)).toEqual([expect.objectContaining({ role: 'reporter', outcome: 'hidden', reason: 'Advertising', commentId: rude.body.id })]);
    expect(await told(ada)).toEqual([expect.objectContaining({ role: 'author', outcome: 'hidden', reason: 'Advertising' })]);
  });

  it("resolves a comment's second report with the first when the admin hides it, and refuses a report of the hidden comment", async () => {
    const cy = web('10.22.0.5');
    await signUpAs(app, cy, 'cy-discussion@example.com', 'Cy');
    const rude = await post(ada, 'Spam twice at http://spam.test');
    const first = await bo.api(discussionRoutes.reportComment, { params: { id: rude.body.id }, body: { reason: 'spam' } });
    const second = await cy.api(discussionRoutes.reportComment, { params: { id: rude.body.id }, body: { reason: 'offensive' } });
    expect([first.status, second.status]).toEqual([201, 201]);
    expect(second.body.id).not.toBe(first.body.id);
    await settleAll(app);
    const open = (await admin.api(discussionRoutes.openReports, { query: {} })).body.items.map((r: { id: number }) => r.id);
    expect(open).toEqual(expect.arrayContaining([first.body.id, second.body.id]));

    const hidden = await admin.api(discussionRoutes.resolveReport, { params: { id: first.body.id }, body: { action: 'hide', reason: 'Advertising' } });
    expect(hidden.body).toEqual({ id: first.body.id, outcome: 'hidden' });
    await settleAll(app);
    // Nothing is left for the admin: the second report was resolved with the first, and its reporter is told.
    expect((await admin.api(discussionRoutes.openReports, { query: {} })).body.items.map((r: { id: number }) => r.id)).not.toContain(second.body.id);
    expect((await admin.api(discussionRoutes.resolveReport, { params: { id: second.body.id }, body: { action: 'dismiss', reason: 'Late' } })).status).toBe(409);
    const toldCy = (await cy.api(discussionRoutes.myReportOutcomes, { query: {} })).body.items;
    expect(toldCy).toEqual([expect.objectContaining({ role: 'reporter', outcome: 'hidden', reason: 'Advertising', commentId: rude.body.id })]);
    // A report of a comment already hidden: it is not there to report.
    expect((await visitor.api(discussionRoutes.reportComment, { params: { id: rude.body.id }, body: { reason: 'spam' } })).status).toBe(401);
    expect((await cy.api(discussionRoutes.reportComment, { params: { id: rude.body.id }, body: { reason: 'other', note: 'Still here?' } })).status).toBe(404);
  });

  it('reports a prompt, the admin withdraws it with a reason, and it leaves the catalog', async () => {
    const created = await ada.api(promptRoutes.submit, {
      body: { title: 'Reported prompt', description: 'A prompt someone reports', content: 'Write a poem about the sea.', categoryId: 1 },
    });
    await admin.api(promptRoutes.review, { params: { id: created.body.id }, body: { isApproved: true } });
    const report = await bo.api(discussionRoutes.reportPrompt, { params: { id: created.body.id }, body: { reason: 'duplicate' } });
    expect(report.status).toBe(201);
    await settleAll(app);
    const resolved = await admin.api(discussionRoutes.resolveReport, {
      params: { id: report.body.id },
      body: { action: 'withdraw', reason: 'Duplicate of #1' },
    });
    expect(resolved.body.outcome).toBe('withdrawn');
    expect((await visitor.api(promptRoutes.prompt, { params: { id: created.body.id } })).status).toBe(404);
    const outcomes = (await ada.api(discussionRoutes.myReportOutcomes, { query: {} })).body.items;
    expect(outcomes[0]).toMatchObject({ role: 'author', outcome: 'withdrawn', reason: 'Duplicate of #1', promptTitle: 'Reported prompt' });
  });

  it("forgets a deleted person: their comments' text and name go, their reports go, and a replay equals the live tables", async () => {
    const gone = web('10.22.0.9');
    const goneId = await signUpAs(app, gone, 'gone-discussion@example.com', 'Gone');
    const top = await post(gone, 'My words to forget');
    await post(bo, 'Answering them', top.body.id);
    await gone.api(discussionRoutes.reportPrompt, { params: { id: promptId }, body: { reason: 'spam' } });
    await app.store.append(`account-deleted-${goneId}`, [{ type: 'AccountDeleted', data: { userId: goneId } }], {
      expectedVersion: 'any',
      metadata: { actor: goneId, requestId: 't', at: new Date().toISOString() },
    });
    await settleAll(app);
    const thread = (await list()).body.items.find((c: { id: number }) => c.id === top.body.id);
    expect(thread).toMatchObject({ removed: true, body: null, authorId: null, authorName: '' });
    expect(JSON.stringify(await app.db.query('select * from comments'))).not.toContain('My words to forget');
    expect(await app.db.query('select * from reports where reporter_id = $1', [goneId])).toEqual([]);

    await expectRebuildUnchanged(app, 'discussion');
  });
});
