import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { discussionRoutes } from '../../modules/discussion/routes';
import { notificationRoutes } from '../../modules/notifications/routes';
import { promptRoutes } from '../../modules/prompts/routes';
import { backends, freshApp, settleAll, expectRebuildUnchanged } from '../support/backends';
import { Browser, browsersAt, installApp, signUpAs } from '../support/test-app';

const PUBLIC_URL = 'http://localhost:4321';
const ADMIN = 'admin-notifications@example.com';
const web = (ip: string) => Object.assign(new Browser(ip), { headers: { origin: PUBLIC_URL } });
const content = (title: string) => ({ title, description: 'A prompt to be told about', content: 'Write a haiku about the sea.', categoryId: 1 });

/** What happened to a person, told in the bell and on /notifications, on both backends. */
describe.each(backends)('notifications on $name', (backend) => {
  let app: Awaited<ReturnType<typeof freshApp>>;
  const [ada, bo, admin, visitor] = browsersAt('10.23.0', 4, PUBLIC_URL);

  beforeAll(async () => {
    app = await freshApp(backend, { publicUrl: PUBLIC_URL, seed: true, adminEmail: ADMIN });
    await settleAll(app);
    installApp(app);
    await signUpAs(app, ada, 'ada-notifications@example.com', 'Ada');
    await signUpAs(app, bo, 'bo-notifications@example.com', 'Bo');
    await signUpAs(app, admin, ADMIN, 'Admin');
  });
  afterAll(async () => app?.dispose());

  const list = (who: Browser, query: { limit?: number; cursor?: number } = {}) => who.api(notificationRoutes.myNotifications, { query });
  const count = async (who: Browser) => (await who.api(notificationRoutes.notificationCount, {})).body.unseen;

  it('tells the author of a decision, a reply, a hidden comment and the reporter of an outcome, newest first, paged', async () => {
    const rejected = await ada.api(promptRoutes.submit, { body: content('Rejected haiku') });
    await admin.api(promptRoutes.review, { params: { id: rejected.body.id }, body: { isApproved: false, reason: 'low-quality', note: 'Add detail' } });
    const approved = await ada.api(promptRoutes.submit, { body: content('Approved haiku') });
    await admin.api(promptRoutes.review, { params: { id: approved.body.id }, body: { isApproved: true } });
    await ada.api(promptRoutes.edit, { params: { id: approved.body.id }, body: { title: 'Approved haiku, revised' } });
    await admin.api(promptRoutes.reviewRevision, {
      params: { id: approved.body.id, version: 2 },
      body: { isApproved: false, reason: 'other', note: 'Keep it' },
    });

    const top = await ada.api(discussionRoutes.postComment, { params: { id: approved.body.id }, body: { body: 'Any thoughts?' } });
    await bo.api(discussionRoutes.postComment, { params: { id: approved.body.id }, body: { body: 'Private words of Bo', parentId: top.body.id } });
    // Answering yourself tells nobody.
    await ada.api(discussionRoutes.postComment, { params: { id: approved.body.id }, body: { body: 'Me again', parentId: top.body.id } });
    const rude = await ada.api(discussionRoutes.postComment, { params: { id: approved.body.id }, body: { body: 'Buy pills' } });
    const report = await bo.api(discussionRoutes.reportComment, { params: { id: rude.body.id }, body: { reason: 'spam' } });
    await settleAll(app);
    await admin.api(discussionRoutes.resolveReport, { params: { id: report.body.id }, body: { action: 'hide', reason: 'Advertising' } });
    await settleAll(app);

    const adas = (await list(ada)).body;
    expect(adas.items.map((n: { kind: string }) => n.kind)).toEqual([
      'comment-hidden',
      'comment-reply',
      'revision-rejected',
      'prompt-approved',
      'prompt-rejected',
    ]);
    expect(adas.items[4]).toMatchObject({ promptId: rejected.body.id, promptTitle: 'Rejected haiku', reason: 'low-quality', note: 'Add detail', read: false });
    expect(adas.items[2]).toMatchObject({ version: 2, reason: 'other', note: 'Keep it' });
    expect(adas.items[0]).toMatchObject({ reason: 'Advertising', promptTitle: 'Approved haiku' });
    // The reply's words are Bo's own: not copied into Ada's notifications.
    expect(JSON.stringify(adas)).not.toContain('Private words of Bo');
    expect((await list(bo)).body.items).toEqual([expect.objectContaining({ kind: 'report-hidden', reason: 'Advertising', promptId: approved.body.id })]);
    expect(await count(ada)).toBe(5);

    const first = await list(ada, { limit: 2 });
    const second = await list(ada, { limit: 2, cursor: first.body.nextCursor });
    expect(second.body.items.map((n: { position: number }) => n.position)).toEqual(adas.items.slice(2, 4).map((n: { position: number }) => n.position));
  });

  it('resolves the other reports of a comment with the one the admin hides it by, and tells every reporter', async () => {
    const cy = web('10.23.0.5');
    const dee = web('10.23.0.6');
    await signUpAs(app, cy, 'cy-notifications@example.com', 'Cy');
    await signUpAs(app, dee, 'dee-notifications@example.com', 'Dee');
    const rude = await dee.api(discussionRoutes.postComment, { params: { id: 1 }, body: { body: 'Cheap watches here' } });
    const first = await bo.api(discussionRoutes.reportComment, { params: { id: rude.body.id }, body: { reason: 'spam' } });
    const second = await cy.api(discussionRoutes.reportComment, { params: { id: rude.body.id }, body: { reason: 'offensive' } });
    expect(second.body.id).not.toBe(first.body.id);
    await settleAll(app);
    expect((await admin.api(discussionRoutes.resolveReport, { params: { id: first.body.id }, body: { action: 'hide', reason: 'Advertising' } })).status).toBe(
      200,
    );
    await settleAll(app);

    expect((await admin.api(discussionRoutes.openReports, { query: {} })).body.items).toEqual([]);
    const again = await admin.api(discussionRoutes.resolveReport, { params: { id: second.body.id }, body: { action: 'dismiss', reason: 'Late' } });
    expect(again.status).toBe(409);
    for (const reporter of [bo, cy]) {
      expect((await list(reporter)).body.items[0]).toMatchObject({ kind: 'report-hidden', reason: 'Advertising', promptId: 1 });
    }
    // A report of the comment now that it is hidden finds nothing to report.
    expect((await cy.api(discussionRoutes.reportComment, { params: { id: rude.body.id }, body: { reason: 'spam' } })).status).toBe(404);
  });

  it('counts what came since the person last looked, and keeps read and unread apart', async () => {
    const items = (await list(ada)).body.items;
    const seen = await ada.api(notificationRoutes.notificationsSeen, { body: { upTo: items[1].position } });
    expect(seen.body).toEqual({ unseen: 1 });
    // Looking at older ones again moves nothing.
    expect((await ada.api(notificationRoutes.notificationsSeen, { body: { upTo: items[3].position } })).body).toEqual({ unseen: 1 });
    expect((await list(ada)).body.items.every((n: { read: boolean }) => !n.read)).toBe(true);

    expect((await ada.api(notificationRoutes.notificationRead, { params: { id: items[2].position } })).body).toEqual({ read: true });
    expect((await list(ada)).body.items.map((n: { read: boolean }) => n.read)).toEqual([false, false, true, false, false]);
    expect((await ada.api(notificationRoutes.notificationsAllRead, { body: { upTo: items[0].position } })).body).toEqual({ unseen: 0 });
    expect((await list(ada)).body.items.every((n: { read: boolean }) => n.read)).toBe(true);
  });

  it("refuses someone else's notification with 404, a visitor with 401, bad input with 400, and appends nothing", async () => {
    const before = await app.store.count();
    const bos = (await list(bo)).body.items;
    expect((await ada.api(notificationRoutes.notificationRead, { params: { id: bos[0].position } })).status).toBe(404);
    expect((await visitor.api(notificationRoutes.notificationCount, {})).status).toBe(401);
    expect((await visitor.api(notificationRoutes.myNotifications, { query: {} })).status).toBe(401);
    const bad = await ada.api(notificationRoutes.notificationsSeen, { body: { upTo: -1 } as never });
    expect(bad.status).toBe(400);
    expect(bad.body.issues[0]).toMatchObject({ path: ['upTo'] });
    expect(await app.store.count()).toBe(before);
  });

  it('forgets a deleted person, and a replay equals the live tables', async () => {
    const gone = web('10.23.0.9');
    const goneId = await signUpAs(app, gone, 'gone-notifications@example.com', 'Gone');
    const mine = await gone.api(promptRoutes.submit, { body: content('Gone haiku') });
    await admin.api(promptRoutes.review, { params: { id: mine.body.id }, body: { isApproved: true } });
    await settleAll(app);
    expect((await list(gone)).body.items).toHaveLength(1);
    await app.store.append(`account-deleted-${goneId}`, [{ type: 'AccountDeleted', data: { userId: goneId } }], {
      expectedVersion: 'any',
      metadata: { actor: goneId, requestId: 't', at: new Date().toISOString() },
    });
    await settleAll(app);
    expect(await app.db.query('select * from notifications where user_id = $1', [goneId])).toEqual([]);

    await expectRebuildUnchanged(app, 'notifications');
  });
});
