import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RESUBMIT_MESSAGES } from '../../modules/prompts/contracts';
import { promptRoutes } from '../../modules/prompts/routes';
import { backends, freshApp } from '../support/backends';
import { authorOtherAdmin, browsersAt, castApp, submissionTitled } from '../support/test-app';

const draft = (title: string) => submissionTitled(title, { content: 'Write about {{topic}} in a {{tone:formal|casual}} tone.' });

/** Reasons for decisions (docs/curation.md), over the real endpoints and middlewares, on each backend. */
describe.each(backends)('reasons for decisions on $name', (backend) => {
  let app: Awaited<ReturnType<typeof freshApp>>;
  const [author, other, admin] = browsersAt('10.6.0', 3);
  const mine = async (id: number) => (await author.api(promptRoutes.mySubmissions)).body.items.find((p: { id: number }) => p.id === id);
  const queued = async (id: number) => (await admin.api(promptRoutes.pending)).body.items.find((p: { id: number }) => p.id === id);

  beforeAll(async () => {
    ({ app } = await castApp(backend, { sameOrigin: [author, other, admin] }, ...authorOtherAdmin(author, other, admin)));
  });
  afterAll(async () => app?.dispose());

  it("the product's review calls take exactly the spec's payloads: a rejection with nothing but isApproved is recorded with no reason given", async () => {
    const [approved, rejected] = [
      (await author.api(promptRoutes.submit, { body: draft('Spec payload, approved') })).body.id,
      (await author.api(promptRoutes.submit, { body: draft('Spec payload, rejected') })).body.id,
    ];
    const review = (id: number, body: { isApproved: boolean }) => admin.api(promptRoutes.review, { params: { id }, body });
    const reReview = (id: number, body: { isApproved: boolean }) => admin.api(promptRoutes.reReview, { params: { id }, body });

    const yes = await review(approved, { isApproved: true });
    expect([yes.status, yes.body]).toEqual([200, { id: approved, status: 'approved', changed: true }]);
    const before = await app.store.count();
    const no = await review(rejected, { isApproved: false });
    expect([no.status, no.body]).toEqual([200, { id: rejected, status: 'rejected', changed: true }]);
    expect(await app.store.count()).toBe(before + 1);
    expect(await mine(rejected)).toMatchObject({ status: 'rejected', lastRejection: { version: 1, reason: null, note: null } });
    // The decision is made once: the same call again is a conflict, not a second event.
    expect((await review(rejected, { isApproved: false })).status).toBe(409);

    // Re-review, with the same payload: publish the rejected one, withdraw the published one.
    const publish = await reReview(rejected, { isApproved: true });
    expect([publish.status, publish.body]).toEqual([200, { id: rejected, status: 'approved', changed: true }]);
    const withdraw = await reReview(approved, { isApproved: false });
    expect([withdraw.status, withdraw.body]).toEqual([200, { id: approved, status: 'withdrawn', changed: true }]);
    expect(await mine(approved)).toMatchObject({ status: 'withdrawn' });
  });

  it('with a reason, the author sees reason and note and resubmits a changed prompt', async () => {
    const { id } = (await author.api(promptRoutes.submit, { body: draft('Meeting notes tidy-up') })).body;
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
