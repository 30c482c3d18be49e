import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { collectionRoutes } from '../../modules/collections/routes';
import { promptRoutes } from '../../modules/prompts/routes';
import { backends, freshApp } from '../support/backends';
import { Browser, browsersAt, castApp, submissionTitled, TEST_ADMIN } from '../support/test-app';

const draft = (title: string, visibility?: 'private') => submissionTitled(title, { visibility });

/** An owner's private prompts in their own collections: theirs to see; a public collection shows others its public prompts only. */
describe.each(backends)('private prompts in your own collections on $name', (backend) => {
  let app: Awaited<ReturnType<typeof freshApp>>;
  const [owner, other, visitor, admin] = browsersAt('10.6.0', 4);

  beforeAll(async () => {
    const people: [Browser, string, string?][] = [
      [owner, 'owner@example.com', 'Olive Owner'],
      [other, 'other@example.com'],
      [admin, TEST_ADMIN],
    ];
    ({ app } = await castApp(backend, { sameOrigin: [owner, other, visitor, admin] }, ...people));
  });
  afterAll(async () => app?.dispose());

  it('adds the owner’s private prompt to their public collection, shown to them alone', async () => {
    const mine = (await owner.api(promptRoutes.submit, { body: draft('Kiwi private checklist', 'private') })).body.id as number;
    const pub = (await owner.api(promptRoutes.submit, { body: draft('Kiwi public checklist') })).body.id as number;
    await admin.api(promptRoutes.review, { params: { id: pub }, body: { isApproved: true } });
    const collection = (
      await owner.api(collectionRoutes.createCollection, { body: { name: 'Kiwi kit', description: 'Everything for kiwis.', isPublic: true } })
    ).body.id as number;

    expect((await owner.api(collectionRoutes.addToCollection, { params: { id: collection }, body: { promptId: mine } })).status).toBe(200);
    expect((await owner.api(collectionRoutes.addToCollection, { params: { id: collection }, body: { promptId: pub } })).status).toBe(200);

    const seen = (await owner.api(collectionRoutes.collection, { params: { id: collection } })).body;
    expect(seen.prompts.map((p: { id: number; isApproved: boolean }) => [p.id, p.isApproved]).sort()).toEqual(
      [
        [mine, false],
        [pub, true],
      ].sort(),
    );
    for (const b of [other, visitor]) {
      const shown = (await b.api(collectionRoutes.collection, { params: { id: collection } })).body;
      expect(shown.prompts.map((p: { id: number }) => p.id)).toEqual([pub]);
    }
  });

  it('refuses someone else’s private prompt (404), and drops a deleted one from the owner’s view', async () => {
    const theirs = (await other.api(promptRoutes.submit, { body: draft('Kiwi secret of another', 'private') })).body.id as number;
    const collection = (await owner.api(collectionRoutes.createCollection, { body: { name: 'Kiwi two', description: 'More for kiwis.', isPublic: false } }))
      .body.id as number;
    expect((await owner.api(collectionRoutes.addToCollection, { params: { id: collection }, body: { promptId: theirs } })).status).toBe(404);

    const mine = (await owner.api(promptRoutes.submit, { body: draft('Kiwi soon deleted', 'private') })).body.id as number;
    await owner.api(collectionRoutes.addToCollection, { params: { id: collection }, body: { promptId: mine } });
    await owner.api(promptRoutes.deletePrompt, { params: { id: mine } });
    expect((await owner.api(collectionRoutes.collection, { params: { id: collection } })).body.prompts).toEqual([]);
  });
});
