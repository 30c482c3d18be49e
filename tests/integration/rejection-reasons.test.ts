import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RESUBMIT_MESSAGES, REVIEW_MESSAGES } from '../../modules/prompts/contracts';
import { promptRoutes } from '../../modules/prompts/routes';
import { backends, freshApp } from '../support/backends';
import { Browser, installApp, signUpAs } from './accounts-support';

const ADMIN = 'admin@promptory.test';
const ORIGIN = 'http://localhost:4321';

const draft = (title: string) => ({
  title,
  description: 'Twenty characters or more of description.',
  content: 'Write about {{topic}} in a {{tone:formal|casual}} tone.',
  categoryId: 1,
});

/** Reasons for decisions (docs/curation.md), over the real endpoints and middlewares, on each backend. */
describe.each(backends)('reasons for decisions on $name', (backend) => {
  let app: Awaited<ReturnType<typeof freshApp>>;
  const author = new Browser('10.6.0.1');
  const other = new Browser('10.6.0.2');
  const admin = new Browser('10.6.0.3');
  const mine = async (id: number) => (await author.api(promptRoutes.mySubmissions)).body.items.find((p: { id: number }) => p.id === id);
  const queued = async (id: number) => (await admin.api(promptRoutes.pending)).body.items.find((p: { id: number }) => p.id === id);

  beforeAll(async () => {
    app = await freshApp(backend, { publicUrl: ORIGIN, adminEmail: ADMIN });
    installApp(app);
    await signUpAs(app, author, 'author@example.com', 'Ada Author');
    await signUpAs(app, other, 'other@example.com');
    await signUpAs(app, admin, ADMIN);
    for (const b of [author, other, admin]) b.headers = { origin: ORIGIN };
  });
  afterAll(async () => app?.dispose());

  it('a rejection without a reason is a 400 that changes nothing; with one, the author sees reason and note and resubmits a changed prompt', async () => {
    const { id } = (await author.api(promptRoutes.submit, { body: draft('Meeting notes tidy-up') })).body;
    const before = await app.store.count();
    const bare = await admin.api(promptRoutes.review, { params: { id }, body: { isApproved: false } });
    expect(bare.status).toBe(400);
    expect(bare.body.issues).toEqual([expect.objectContaining({ path: ['reason'], message: REVIEW_MESSAGES.reasonRequired })]);
    expect(await app.store.count()).toBe(before);

    const note = 'Say which meeting tool the notes come from.';
    expect((await admin.api(promptRoutes.review, { params: { id }, body: { isApproved: false, reason: 'low-quality', note } })).status).toBe(200);
    expect(await mine(id)).toMatchObject({ status: 'rejected', lastRejection: { version: 1, reason: 'low-quality', note, title: 'Meeting notes tidy-up' } });

    // Unchanged, it cannot go back; someone else cannot send it at all.
    const unchanged = await author.api(promptRoutes.resubmit, { params: { id } });
    expect([unchanged.status, unchanged.body.error]).toEqual([409, RESUBMIT_MESSAGES.unchanged]);
    expect((await other.api(promptRoutes.resubmit, { params: { id } })).status).toBe(404);

    expect((await author.api(promptRoutes.edit, { params: { id }, body: { title: 'Meeting notes tidy-up for Zoom', note: 'named the tool' } })).status).toBe(
      200,
    );
    const resubmitted = await author.api(promptRoutes.resubmit, { params: { id } });
    expect(resubmitted.status).toBe(200);
    expect(resubmitted.body).toMatchObject({ id, status: 'pending', title: 'Meeting notes tidy-up for Zoom' });
    // The queue shows it with the version the admin rejected, to diff against.
    expect(await queued(id)).toMatchObject({
      title: 'Meeting notes tidy-up for Zoom',
      lastRejection: { version: 1, title: 'Meeting notes tidy-up', reason: 'low-quality' },
    });
    expect((await admin.api(promptRoutes.review, { params: { id }, body: { isApproved: true } })).status).toBe(200);
    expect(await mine(id)).toMatchObject({ status: 'approved', version: 2 });
  });

  it("a rejected revision's reason reaches the author; their next revision comes to the admin with the rejected one to diff against", async () => {
    const { id } = (await author.api(promptRoutes.submit, { body: draft('Release notes writer') })).body;
    await admin.api(promptRoutes.review, { params: { id }, body: { isApproved: true } });
    await author.api(promptRoutes.edit, { params: { id }, body: { content: 'Release notes, in French only.' } });
    const rejected = await admin.api(promptRoutes.reviewRevision, {
      params: { id, version: 2 },
      body: { isApproved: false, reason: 'needs-translation', note: 'Keep an English version.' },
    });
    expect(rejected.status).toBe(200);
    expect((await mine(id)).lastRevisionRejected).toMatchObject({ version: 2, reason: 'needs-translation', note: 'Keep an English version.' });

    await author.api(promptRoutes.edit, { params: { id }, body: { content: 'Release notes, in English and French.' } });
    const [revision] = (await admin.api(promptRoutes.pendingRevisions)).body.items.filter((r: { promptId: number }) => r.promptId === id);
    expect(revision).toMatchObject({
      version: 3,
      published: { version: 1 },
      previousRejection: { version: 2, content: 'Release notes, in French only.', reason: 'needs-translation' },
    });
  });
});
