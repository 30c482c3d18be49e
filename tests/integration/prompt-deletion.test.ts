import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { promptStream } from '../../events';
import { projections } from '../../projections';
import { RESTORE_WINDOW_MS, UNDO_DELETE_MS } from '../../modules/prompts';
import { promptRoutes } from '../../modules/prompts/routes';
import { purgeDue } from '../../src/server/review/purge';
import { backends, freshApp, settleAll } from '../support/backends';
import { authorOtherAdmin, browsersAt, castApp, submissionTitled } from '../support/test-app';

const draft = (title: string, visibility?: 'public' | 'private') => submissionTitled(title, { visibility });

/** An author deletes their own prompts, restores them, and the purge takes them after 30 days: over HTTP, on each backend. */
describe.each(backends)('deleting your own prompt on $name', (backend) => {
  let app: Awaited<ReturnType<typeof freshApp>>;
  const [author, other, admin, visitor] = browsersAt('10.5.0', 4);
  const events = () => app.store.count();

  beforeAll(async () => {
    ({ app } = await castApp(backend, { sameOrigin: [author, other, admin, visitor] }, ...authorOtherAdmin(author, other, admin)));
  });
  afterAll(async () => app?.dispose());

  const myIds = async () => (await author.api(promptRoutes.mySubmissions)).body.items.map((p: { id: number }) => p.id);
  const deletedIds = async () => (await author.api(promptRoutes.deletedPrompts)).body.items.map((p: { id: number }) => p.id);

  it('deletes a private prompt into Recently deleted and restores it as it was', async () => {
    const id = (await author.api(promptRoutes.submit, { body: draft('Quokka private notes', 'private') })).body.id as number;

    const deleted = await author.api(promptRoutes.deletePrompt, { params: { id } });
    expect(deleted.status).toBe(200);
    expect(deleted.body).toMatchObject({ id, status: 'deleted' });
    const purgeAfter = Date.parse(deleted.body.purgeAfter);
    expect(purgeAfter - Date.now()).toBeGreaterThan(RESTORE_WINDOW_MS - 60_000);

    expect(await myIds()).not.toContain(id);
    const bin = (await author.api(promptRoutes.deletedPrompts)).body.items;
    expect(bin).toEqual([expect.objectContaining({ id, title: 'Quokka private notes', purgeAfter: deleted.body.purgeAfter })]);
    expect((await author.api(promptRoutes.prompt, { params: { id } })).status).toBe(404);

    // Deleting again changes nothing.
    const before = await events();
    expect((await author.api(promptRoutes.deletePrompt, { params: { id } })).status).toBe(200);
    expect(await events()).toBe(before);

    const restored = await author.api(promptRoutes.undeletePrompt, { params: { id } });
    expect(restored.status).toBe(200);
    expect(restored.body).toEqual({ id, status: 'private', purgeAfter: null });
    expect(await myIds()).toContain(id);
    expect(await deletedIds()).not.toContain(id);
    expect((await author.api(promptRoutes.prompt, { params: { id } })).body).toMatchObject({ id, status: 'private' });
  });

  const publicIds = async () => (await visitor.api(promptRoutes.prompts)).body.map((p: { id: number }) => p.id);

  it('withdraws a published prompt from every public list before deleting it; restored from Recently deleted later, it stays withdrawn', async () => {
    const id = (await author.api(promptRoutes.submit, { body: draft('Quokka public guide') })).body.id as number;
    expect((await admin.api(promptRoutes.review, { params: { id }, body: { isApproved: true } })).status).toBe(200);
    expect((await visitor.api(promptRoutes.prompt, { params: { id } })).status).toBe(200);

    const deleted = Date.now();
    expect((await author.api(promptRoutes.deletePrompt, { params: { id } })).status).toBe(200);
    expect((await visitor.api(promptRoutes.prompt, { params: { id } })).status).toBe(404);
    expect(await publicIds()).not.toContain(id);
    expect((await admin.api(promptRoutes.prompt, { params: { id } })).status).toBe(404);
    expect(await deletedIds()).toContain(id);

    // Past the Undo: restored from Recently deleted, as the deletion left it.
    const clock = app.clock;
    app.clock = () => new Date(deleted + UNDO_DELETE_MS + 5000);
    try {
      expect((await author.api(promptRoutes.undeletePrompt, { params: { id } })).body).toMatchObject({ status: 'withdrawn' });
    } finally {
      app.clock = clock;
    }
    expect((await visitor.api(promptRoutes.prompt, { params: { id } })).status).toBe(404);
    expect(await publicIds()).not.toContain(id);
  });

  it("the toast's Undo brings a published prompt back published, everywhere it was, and a pending one back to the queue", async () => {
    const id = (await author.api(promptRoutes.submit, { body: draft('Quokka undone guide') })).body.id as number;
    expect((await admin.api(promptRoutes.review, { params: { id }, body: { isApproved: true } })).status).toBe(200);
    expect(await publicIds()).toContain(id);
    expect((await author.api(promptRoutes.deletePrompt, { params: { id } })).status).toBe(200);
    expect(await publicIds()).not.toContain(id);

    const undone = await author.api(promptRoutes.undeletePrompt, { params: { id } });
    expect(undone.body).toEqual({ id, status: 'approved', purgeAfter: null });
    expect((await visitor.api(promptRoutes.prompt, { params: { id } })).body).toMatchObject({ id, title: 'Quokka undone guide' });
    expect(await publicIds()).toContain(id);
    expect(await deletedIds()).not.toContain(id);
    // Published as before, not withdrawn by its author: it can be withdrawn (and deleted) again like any published prompt.
    await settleAll(app);
    const duplicates = await app.db.query<{ status: string }>('select status from duplicate_candidates where prompt_id = $1', [id]);
    expect(duplicates).toEqual([{ status: 'published' }]);
    const community = await app.db.query<{ published: boolean }>('select published from community_prompts where prompt_id = $1', [id]);
    expect(community).toEqual([{ published: true }]);

    const pending = (await author.api(promptRoutes.submit, { body: draft('Quokka undone idea') })).body.id as number;
    expect((await author.api(promptRoutes.deletePrompt, { params: { id: pending } })).status).toBe(200);
    expect((await admin.api(promptRoutes.pending)).body.items.map((p: { id: number }) => p.id)).not.toContain(pending);
    expect((await author.api(promptRoutes.undeletePrompt, { params: { id: pending } })).body).toMatchObject({ status: 'pending' });
    expect((await admin.api(promptRoutes.pending)).body.items.map((p: { id: number }) => p.id)).toContain(pending);

    // A replay builds the same public lists.
    for (const name of ['catalog', 'community', 'duplicates', 'review']) await app.runner.rebuild(name);
    expect(await publicIds()).toContain(id);
    expect((await admin.api(promptRoutes.pending)).body.items.map((p: { id: number }) => p.id)).toContain(pending);
  });

  it("the toast's Undo puts a published prompt's waiting revision back in the admin's queue; restored later, it stays withdrawn", async () => {
    const revisedOnce = async (title: string) => {
      const id = (await author.api(promptRoutes.submit, { body: draft(title) })).body.id as number;
      expect((await admin.api(promptRoutes.review, { params: { id }, body: { isApproved: true } })).status).toBe(200);
      expect((await author.api(promptRoutes.edit, { params: { id }, body: { title: `${title}, revised` } })).status).toBe(200);
      expect((await author.api(promptRoutes.deletePrompt, { params: { id } })).status).toBe(200);
      return id;
    };
    const queued = async () =>
      (await admin.api(promptRoutes.pendingRevisions)).body.items.map((r: { promptId: number; version: number }) => `${r.promptId}/${r.version}`);
    const statuses = async (id: number) => (await author.api(promptRoutes.versions, { params: { id } })).body.items.map((v: { status: string }) => v.status);

    const id = await revisedOnce('Quokka revised guide');
    expect(await queued()).not.toContain(`${id}/2`);
    expect((await author.api(promptRoutes.undeletePrompt, { params: { id } })).body).toMatchObject({ status: 'approved' });
    expect(await queued()).toContain(`${id}/2`);
    expect(await statuses(id)).toEqual(['published', 'pending']);
    // A replay builds the same queue.
    await app.runner.rebuild('review');
    expect(await queued()).toContain(`${id}/2`);
    // Waiting again, the admin decides it as any revision.
    expect((await admin.api(promptRoutes.reviewRevision, { params: { id, version: 2 }, body: { isApproved: true } })).status).toBe(200);
    expect((await visitor.api(promptRoutes.prompt, { params: { id } })).body).toMatchObject({ title: 'Quokka revised guide, revised' });

    const deleted = Date.now();
    const later = await revisedOnce('Quokka revised idea');
    const clock = app.clock;
    app.clock = () => new Date(deleted + UNDO_DELETE_MS + 5000);
    try {
      expect((await author.api(promptRoutes.undeletePrompt, { params: { id: later } })).body).toMatchObject({ status: 'withdrawn' });
    } finally {
      app.clock = clock;
    }
    expect(await queued()).not.toContain(`${later}/2`);
    expect(await statuses(later)).toEqual(['published', 'withdrawn']);
  });

  it('refuses anyone but the author, and restoring a prompt that is not deleted, appending nothing', async () => {
    const id = (await author.api(promptRoutes.submit, { body: draft('Quokka pending idea') })).body.id as number;
    const before = await events();
    expect((await other.api(promptRoutes.deletePrompt, { params: { id } })).status).toBe(404);
    expect((await admin.api(promptRoutes.deletePrompt, { params: { id } })).status).toBe(404);
    expect((await visitor.api(promptRoutes.deletePrompt, { params: { id } })).status).toBe(401);
    expect((await visitor.api(promptRoutes.deletedPrompts)).status).toBe(401);
    const notDeleted = await author.api(promptRoutes.undeletePrompt, { params: { id } });
    expect(notDeleted.status).toBe(409);
    expect(notDeleted.body.error).toBeTruthy();
    expect((await author.api(promptRoutes.deletePrompt, { params: { id: 0 } })).status).toBe(400);
    expect(await events()).toBe(before);
    // A pending prompt leaves the review queue with its deletion.
    expect((await author.api(promptRoutes.deletePrompt, { params: { id } })).status).toBe(200);
    expect((await admin.api(promptRoutes.pending)).body.items.map((p: { id: number }) => p.id)).not.toContain(id);
  });

  it('purges a deleted prompt once its 30 days have run out, and not before', async () => {
    const id = (await author.api(promptRoutes.submit, { body: draft('Quokka to purge', 'private') })).body.id as number;
    const { purgeAfter } = (await author.api(promptRoutes.deletePrompt, { params: { id } })).body;
    const at = (ms: number) => ({ db: app.db, store: app.store, clock: () => new Date(ms) });

    // Earlier tests' deletions may fall due by then: this one is not yet.
    await purgeDue(at(Date.parse(purgeAfter) - 1000));
    await settleAll(app);
    expect(await deletedIds()).toContain(id);

    expect(await purgeDue(at(Date.parse(purgeAfter) + 1000))).toBeGreaterThanOrEqual(1);
    await settleAll(app);
    expect(await deletedIds()).not.toContain(id);
    expect((await author.api(promptRoutes.undeletePrompt, { params: { id } })).status).toBe(404);
    expect((await author.api(promptRoutes.prompt, { params: { id } })).status).toBe(404);
    expect(await myIds()).not.toContain(id);
  });

  it("shreds a purged prompt's text, published once, in every event of its stream; every read model rebuilds without it", async () => {
    const text = { title: 'Wombat lantern recipe', description: 'Narwhal-proof description of the lantern.', content: 'Braise the axolotl lantern slowly.' };
    const id = (await author.api(promptRoutes.submit, { body: { ...draft(text.title), ...text } })).body.id as number;
    expect((await admin.api(promptRoutes.review, { params: { id }, body: { isApproved: true } })).status).toBe(200);
    // A revision waiting for review: its text is in the stream too.
    const revised = { ...text, content: 'Braise the axolotl lantern slowly, then rest it.' };
    expect((await author.api(promptRoutes.edit, { params: { id }, body: { content: revised.content, note: 'Axolotl rest note' } })).status).toBe(200);
    const { purgeAfter } = (await author.api(promptRoutes.deletePrompt, { params: { id } })).body;

    const rawHits = async () => {
      const words = [text.title, text.description, text.content, revised.content, 'Axolotl rest note'];
      const rows = await app.db.query<{ n: number }>('select count(*)::int as n from events where data::text like any($1::text[])', [
        words.map((w) => `%${w}%`),
      ]);
      return rows[0].n;
    };
    const opened = async () => (await app.store.readStream(promptStream(id))).map((e) => e.data as Record<string, unknown>);
    // Before the purge the stream opens to its text (the catalog's published text included), never in clear in the log.
    expect(await rawHits()).toBe(0);
    const before = await opened();
    expect(before.find((d) => 'published' in d && d.published)).toMatchObject({ published: { title: text.title, content: text.content } });
    expect(before.some((d) => d.content === revised.content)).toBe(true);

    expect(await purgeDue({ db: app.db, store: app.store, clock: () => new Date(Date.parse(purgeAfter) + 1000) })).toBeGreaterThanOrEqual(1);
    await settleAll(app);

    expect(await rawHits()).toBe(0);
    const after = await opened();
    expect(after.at(-1)).toMatchObject({ promptId: id });
    for (const data of after) {
      for (const field of ['title', 'description', 'content', 'note']) if (field in data) expect([null, '']).toContain(data[field]);
      if ('published' in data) expect(data.published).toBeNull();
    }

    // Every read model is rebuilt from the log, and none keeps a word of it.
    for (const projection of projections) await app.runner.rebuild(projection.name);
    const tables = await app.db.query<{ table_name: string }>(
      "select table_name from information_schema.tables where table_schema = current_schema() and table_type = 'BASE TABLE' and table_name <> 'events'",
    );
    for (const { table_name } of tables) {
      const hits = await app.db.query<{ n: number }>(`select count(*)::int as n from "${table_name}" t where t::text like $1 or t::text like $2`, [
        `%${text.title}%`,
        `%axolotl%`,
      ]);
      expect({ table: table_name, hits: hits[0].n }).toEqual({ table: table_name, hits: 0 });
    }
    expect((await visitor.api(promptRoutes.prompt, { params: { id } })).status).toBe(404);
  });
});
