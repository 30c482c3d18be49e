import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readCsv } from '../../modules/portability';
import { auditRoutes } from '../../modules/audit/routes';
import { fileReport, postComment, resolveReport } from '../../modules/discussion';
import { featureMember } from '../../modules/members';
import { promptRoutes } from '../../modules/prompts/routes';
import { backends, freshApp, settleAll } from '../support/backends';
import { Browser, installApp, signUpAs, submissionTitled } from '../support/test-app';

const ADMIN = 'admin@promptory.test';
const ORIGIN = 'http://localhost:4321';
/** What the setup below does, newest first. */
const NEWEST_FIRST = ['prompt-withdrawn-by-author', 'revision-rejected', 'revision-proposed', 'prompt-approved', 'prompt-resubmitted', 'prompt-rejected'];
const draft = (title: string) => submissionTitled(title, { content: 'Write about {{topic}} briefly.' });

/** The audit log: every moderation event with actor, reason and time, filtered, as CSV, on each backend. */
describe.each(backends)('the audit log on $name', (backend) => {
  let app: Awaited<ReturnType<typeof freshApp>>;
  const author = new Browser('10.8.0.1');
  const admin = new Browser('10.8.0.3');
  let authorId = 0;
  let adminId = 0;
  const ids: Record<string, number> = {};

  beforeAll(async () => {
    app = await freshApp(backend, { publicUrl: ORIGIN, adminEmail: ADMIN });
    installApp(app);
    authorId = await signUpAs(app, author, 'author@example.com', 'Ada Author');
    adminId = await signUpAs(app, admin, ADMIN, 'The Admin');
    for (const b of [author, admin]) b.headers = { origin: ORIGIN };
    // A rejection with a reason, a resubmission, an approval; a revision rejected; an author's withdrawal.
    ids.rejected = (await author.api(promptRoutes.submit, { body: draft('Rejected then resubmitted') })).body.id;
    await admin.api(promptRoutes.review, { params: { id: ids.rejected }, body: { isApproved: false, reason: 'wrong-category', note: '=HYPERLINK("x")' } });
    await author.api(promptRoutes.edit, { params: { id: ids.rejected }, body: { categoryId: 2 } });
    await author.api(promptRoutes.resubmit, { params: { id: ids.rejected } });
    await admin.api(promptRoutes.review, { params: { id: ids.rejected }, body: { isApproved: true } });
    await author.api(promptRoutes.edit, { params: { id: ids.rejected }, body: { title: 'Rejected then resubmitted, revised' } });
    await admin.api(promptRoutes.reviewRevision, { params: { id: ids.rejected, version: 3 }, body: { isApproved: false, reason: 'low-quality' } });
    ids.withdrawn = (await author.api(promptRoutes.submit, { body: draft('Withdrawn by its author') })).body.id;
    await author.api(promptRoutes.withdraw, { params: { id: ids.withdrawn } });
    await settleAll(app);
  });
  afterAll(async () => app?.dispose());

  it('lists every moderation event newest first, with actor, reason, note and time', async () => {
    const page = await admin.api(auditRoutes.auditLog);
    expect(page.status).toBe(200);
    expect(page.body.items.map((e: { action: string }) => e.action)).toEqual(NEWEST_FIRST);
    expect(page.body.items[5]).toMatchObject({
      actorId: adminId,
      actorName: 'The Admin',
      promptId: ids.rejected,
      promptTitle: 'Rejected then resubmitted',
      reason: 'wrong-category',
      note: '=HYPERLINK("x")',
      at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
    });
    expect(page.body.items[1]).toMatchObject({ actorName: 'The Admin', version: 3, reason: 'low-quality', note: null });
    expect(page.body.items[0]).toMatchObject({ actorId: authorId, actorName: 'Ada Author', promptId: ids.withdrawn });
  });

  it('filters by action, prompt and actor, and pages with a cursor', async () => {
    const rejected = await admin.api(auditRoutes.auditLog, { query: { action: 'prompt-rejected' } });
    expect(rejected.body.items.map((e: { promptId: number }) => e.promptId)).toEqual([ids.rejected]);
    const byAuthor = await admin.api(auditRoutes.auditLog, { query: { actorId: authorId } });
    expect(byAuthor.body.items.map((e: { action: string }) => e.action)).toEqual(['prompt-withdrawn-by-author', 'revision-proposed', 'prompt-resubmitted']);
    const ofPrompt = await admin.api(auditRoutes.auditLog, { query: { promptId: ids.withdrawn } });
    expect(ofPrompt.body.items).toHaveLength(1);
    const first = await admin.api(auditRoutes.auditLog, { query: { limit: 4 } });
    expect([first.body.items.length, first.body.nextCursor]).toEqual([4, first.body.items[3].position]);
    const rest = await admin.api(auditRoutes.auditLog, { query: { limit: 4, cursor: first.body.nextCursor } });
    expect([rest.body.items.length, rest.body.nextCursor]).toEqual([2, null]);
    expect((await admin.api(auditRoutes.auditLog, { query: { action: 'nothing' as never } })).status).toBe(400);
  });

  it('downloads the same entries as CSV, a page at a time, with formulas defused', async () => {
    const full = await admin.api(auditRoutes.auditCsv);
    expect(full.status).toBe(200);
    expect(full.headers.get('content-type')).toContain('text/csv');
    expect(full.headers.get('cache-control')).toContain('no-store');
    const text = full.bytes.toString('utf8');
    expect(text.startsWith('\ufeffposition,')).toBe(true);
    // Written with a leading apostrophe (a spreadsheet shows it as text); our reader takes it back off.
    expect(text).toContain(`,"'=HYPERLINK(""x"")"\r\n`);
    const [header, ...rows] = readCsv(text);
    expect(header).toEqual(['position', 'time', 'action', 'actor_id', 'actor', 'prompt_id', 'prompt', 'member_id', 'member', 'version', 'reason', 'note']);
    expect(rows.map((r) => r[2])).toEqual(NEWEST_FIRST);
    expect(rows[5].slice(2)).toEqual([
      'prompt-rejected',
      String(adminId),
      'The Admin',
      String(ids.rejected),
      'Rejected then resubmitted',
      '',
      '',
      '',
      'wrong-category',
      '=HYPERLINK("x")',
    ]);
    const paged = await admin.api(auditRoutes.auditCsv, { query: { limit: 2 } });
    expect(readCsv(paged.bytes.toString('utf8'))).toHaveLength(3);
    expect(paged.headers.get('x-next-cursor')).toBe(String(readCsv(paged.bytes.toString('utf8'))[2][0]));
  });

  it('records reports, their resolution (with the prompt found through the report) and featured members', async () => {
    const meta = () => ({ actor: null, requestId: 'audit-test', at: new Date().toISOString() });
    const adminActor = { userId: adminId, isAdmin: true };
    const promptId = ids.rejected;
    const comment = await postComment(app.store, promptId, adminId, 'Buy cheap watches here', null, meta());
    const filed = await fileReport(app.store, authorId, { promptId, commentId: comment.commentId }, { reason: 'spam', note: 'An advert' }, meta());
    await resolveReport(app.store, filed.reportId, { reporterId: authorId, promptId, commentId: comment.commentId }, 'hide', 'Advertising', adminActor, meta());
    await featureMember(app.store, authorId, true, adminActor, meta());
    await settleAll(app);
    const newest = (await admin.api(auditRoutes.auditLog, { query: { limit: 4 } })).body.items;
    expect(newest.map((e: { action: string }) => e.action)).toEqual(['member-featured', 'comment-hidden', 'report-hidden', 'report-filed']);
    expect(newest[0]).toMatchObject({ actorName: 'The Admin', subjectId: authorId, subjectName: 'Ada Author', promptId: null });
    expect(newest[2]).toMatchObject({ actorId: adminId, promptId, note: 'Advertising' });
    expect(newest[3]).toMatchObject({ actorId: authorId, promptId, reason: 'spam', note: 'An advert' });
    const csv = readCsv((await admin.api(auditRoutes.auditCsv, { query: { action: 'member-featured' } })).bytes.toString('utf8'));
    expect(csv[1].slice(7, 9)).toEqual([String(authorId), 'Ada Author']);
  });

  it('is the admin’s alone', async () => {
    expect((await author.api(auditRoutes.auditLog)).status).toBe(403);
    expect((await author.api(auditRoutes.auditCsv)).status).toBe(403);
  });

  it('forgets who a deleted account was, and a rebuild from the log equals the live table', async () => {
    await app.settle(
      await app.store.append(`account-${authorId}`, [{ type: 'AccountDeleted', data: { userId: authorId } }], {
        expectedVersion: 'any',
        metadata: { actor: null, requestId: 't', at: new Date().toISOString() },
      }),
    );
    await settleAll(app);
    const byAuthor = await admin.api(auditRoutes.auditLog, { query: { actorId: authorId } });
    expect(byAuthor.body.items).toEqual([]);
    const live = await app.db.query('select * from audit_log order by position');
    // Their three prompt actions and their report: no longer theirs, their report's note gone; not the subject of a feature any more.
    expect(live.filter((r) => (r as { actor_id: number | null }).actor_id === null)).toHaveLength(4);
    expect(live.find((r) => (r as { action: string }).action === 'report-filed')).toMatchObject({ actor_id: null, note: null });
    expect(live.find((r) => (r as { action: string }).action === 'member-featured')).toMatchObject({ subject_id: null });
    await app.runner.rebuild('audit');
    expect(await app.db.query('select * from audit_log order by position')).toEqual(live);
  });
});
