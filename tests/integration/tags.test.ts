import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MyPromptView } from '../../modules/prompts/contracts';
import { TAG_LIMITS } from '../../modules/tags';
import { searchOwnPromptIds } from '../../projections/catalog/queries';
import { routes } from '../../src/shared/api-routes';
import { backends, freshApp, settleAll } from '../support/backends';
import { approvedPublicPrompts, Browser, installApp, signUpAs } from '../support/test-app';

/** A person's tags through the real endpoints, on both backends: tagging, filtering, searching, renaming, merging, deleting. */
describe.each(backends)('tags on $name', (backend) => {
  let app: Awaited<ReturnType<typeof freshApp>>;
  const owner = new Browser('10.7.0.2');
  const other = new Browser('10.7.0.3');
  const visitor = new Browser('10.7.0.4');
  const ids: Record<string, number> = {};

  const save = async (who: Browser, title: string, visibility: 'private' | 'public' = 'private') =>
    (
      await who.api(routes.submit, {
        body: { title, description: 'A prompt to tag in a test.', content: `The text of ${title}, long enough.`, categoryId: 1, visibility },
      })
    ).body.id;
  const setTags = (who: Browser, id: number, tags: string[]) => who.api(routes.setPromptTags, { params: { id }, body: { tags } });
  const myTags = async () => (await owner.api(routes.myTags)).body.items;
  const listed = async (query: { q?: string; tag?: string }) =>
    (await owner.api(routes.mySubmissions, { query })).body.items.map((p: MyPromptView) => p.title).sort();

  beforeAll(async () => {
    app = await freshApp(backend, { publicUrl: 'http://localhost:4321' });
    installApp(app);
    ids.owner = await signUpAs(app, owner, 'owner@example.com');
    await signUpAs(app, other, 'other@example.com');
    ids.letter = await save(owner, 'Cover letter');
    ids.poem = await save(owner, 'Spring poem');
    ids.trip = await save(owner, 'Trip planner', 'public');
  });
  afterAll(async () => app?.dispose());

  it('tags the owner’s prompts, private and submitted alike, and lists them with their tags', async () => {
    expect((await setTags(owner, ids.letter, ['Work', ' #jobs ', 'work'])).body).toEqual({ promptId: ids.letter, tags: ['Work', 'jobs'] });
    expect((await setTags(owner, ids.poem, ['writing', 'WORK'])).body.tags).toEqual(['writing', 'Work']);
    expect((await setTags(owner, ids.trip, ['旅遊'])).status).toBe(200);
    expect(await myTags()).toEqual([
      { tag: 'jobs', count: 1 },
      { tag: 'Work', count: 2 },
      { tag: 'writing', count: 1 },
      { tag: '旅遊', count: 1 },
    ]);
    const items = (await owner.api(routes.mySubmissions, {})).body.items;
    expect(items.find((p: MyPromptView) => p.id === ids.poem)?.tags).toEqual(['writing', 'Work']);
  });

  it('filters My Prompts by tag, whatever its case, and finds tags by search (with the other words of the query)', async () => {
    expect(await listed({ tag: 'work' })).toEqual(['Cover letter', 'Spring poem']);
    expect(await listed({ tag: 'jobs' })).toEqual(['Cover letter']);
    expect(await listed({ tag: 'nothing' })).toEqual([]);
    expect(await listed({ q: 'jobs' })).toEqual(['Cover letter']);
    // Folded as the engine folds: Simplified finds Traditional.
    expect(await listed({ q: '旅游' })).toEqual(['Trip planner']);
    // Every piece must match somewhere: a word of the title and a tag.
    expect(await listed({ q: 'spring writing' })).toEqual(['Spring poem']);
    expect(await listed({ q: 'spring jobs' })).toEqual([]);
    expect(await listed({ q: 'poem', tag: 'work' })).toEqual(['Spring poem']);
  });

  it('keeps tags private: another member, a visitor and the public search never meet them', async () => {
    expect((await setTags(other, ids.letter, ['mine'])).status).toBe(404);
    expect((await setTags(other, ids.letter, ['mine'])).body).toMatchObject({ code: 'tags.promptNotFound' });
    expect((await setTags(visitor, ids.letter, ['mine'])).status).toBe(401);
    expect((await other.api(routes.myTags)).body.items).toEqual([]);
    // The catalog's index, which every public search reads, never holds a tag.
    await settleAll(app);
    expect(await searchOwnPromptIds(app.db, ids.owner, 'jobs')).toEqual([]);
    expect(await searchOwnPromptIds(app.db, ids.owner, 'cover')).toEqual([ids.letter]);
  });

  it('answers the owner their tags on a published prompt, and nobody else (not found, whoever asks)', async () => {
    const [published] = await approvedPublicPrompts(app, owner, ['Published to tag']);
    expect((await setTags(owner, published!, ['Public', '公開'])).status).toBe(200);
    const read = (who: Browser) => who.api(routes.promptTags, { params: { id: published! } });
    expect((await read(owner)).body).toEqual({ promptId: published, tags: ['Public', '公開'] });
    // The other member's tags are not the owner's, nor is the prompt theirs: the same answer as a missing one.
    const others = await read(other);
    expect(others.status).toBe(404);
    expect(others.body).toMatchObject({ code: 'tags.promptNotFound' });
    expect(JSON.stringify(others.body)).not.toContain('Public');
    expect((await other.api(routes.promptTags, { params: { id: 999_999 } })).body).toEqual(others.body);
    expect((await read(visitor)).status).toBe(401);
    // Whatever its status: the owner's prompt waiting for review answers too.
    expect((await owner.api(routes.promptTags, { params: { id: ids.trip! } })).body.tags).toEqual(['旅遊']);
    // Taken off again, so the library's tags stay those the next tests count.
    await setTags(owner, published!, []);
    expect((await read(owner)).body.tags).toEqual([]);
  });

  it('refuses past the limits with a code and the limit, appending nothing', async () => {
    const before = await app.store.count();
    const tooLong = await setTags(owner, ids.letter, ['x'.repeat(TAG_LIMITS.length + 1)]);
    expect(tooLong.status).toBe(400);
    expect(tooLong.body).toMatchObject({ code: 'tags.tooLong', values: { limit: TAG_LIMITS.length } });
    const tooMany = await setTags(
      owner,
      ids.letter,
      Array.from({ length: TAG_LIMITS.perPrompt + 1 }, (_, i) => `t${i}`),
    );
    expect(tooMany.body).toMatchObject({ code: 'tags.tooManyOnPrompt', values: { limit: TAG_LIMITS.perPrompt } });
    const notAList = await owner.api(routes.setPromptTags, { params: { id: ids.letter }, body: { tags: 'work' } } as never);
    expect(notAList.status).toBe(400);
    expect(await app.store.count()).toBe(before);
  });

  it('renames a tag everywhere, merges two, deletes one; each one event', async () => {
    const before = await app.store.count();
    const renamed = await owner.api(routes.renameTag, { body: { from: 'jobs', to: 'Career' } });
    expect(renamed.body.merged).toBe(false);
    expect(await listed({ tag: 'career' })).toEqual(['Cover letter']);
    const merged = await owner.api(routes.renameTag, { body: { from: 'writing', to: 'work' } });
    expect(merged.body.merged).toBe(true);
    // The poem had both: it keeps one.
    expect((await owner.api(routes.mySubmissions, {})).body.items.find((p: MyPromptView) => p.id === ids.poem)?.tags).toEqual(['Work']);
    const deleted = await owner.api(routes.deleteTag, { body: { tag: 'WORK' } });
    expect(deleted.body.tags).toEqual([
      { tag: 'Career', count: 1 },
      { tag: '旅遊', count: 1 },
    ]);
    expect(await listed({ tag: 'work' })).toEqual([]);
    expect(await app.store.count()).toBe(before + 3);
    expect((await owner.api(routes.deleteTag, { body: { tag: 'work' } })).body).toMatchObject({ code: 'tags.tagNotFound', values: { tag: 'work' } });
  });

  it("puts a deleted tag back on the toast's Undo, once, and only its owner's", async () => {
    expect((await setTags(owner, ids.letter, ['Career', 'ideas'])).status).toBe(200);
    expect((await setTags(owner, ids.poem, ['ideas'])).status).toBe(200);
    expect((await owner.api(routes.deleteTag, { body: { tag: 'ideas' } })).status).toBe(200);
    expect(await listed({ tag: 'ideas' })).toEqual([]);
    // Someone else has nothing to undo.
    expect((await other.api(routes.undoDeleteTag, { body: { tag: 'ideas' } })).body).toMatchObject({ code: 'tags.undoGone' });
    const undone = await owner.api(routes.undoDeleteTag, { body: { tag: 'IDEAS' } });
    expect(undone.status).toBe(200);
    expect(undone.body.tags).toContainEqual({ tag: 'ideas', count: 2 });
    expect((await listed({ tag: 'ideas' })).sort()).toEqual(['Cover letter', 'Spring poem'].sort());
    expect((await owner.api(routes.promptTags, { params: { id: ids.letter } })).body.tags).toEqual(['Career', 'ideas']);
    const before = await app.store.count();
    const again = await owner.api(routes.undoDeleteTag, { body: { tag: 'ideas' } });
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ code: 'tags.undoGone', values: { tag: 'ideas' } });
    expect(await app.store.count()).toBe(before);
    expect((await owner.api(routes.deleteTag, { body: { tag: 'ideas' } })).status).toBe(200);
  });

  it("imports a file's tags (Open WebUI) and exports them back", async () => {
    const file = JSON.stringify([
      { command: 'standup', name: 'Standup notes', content: 'Summarise {{notes}} for the daily standup.', tags: ['Career', 'meetings', ' #meetings '] },
    ]);
    const imported = await owner.api(routes.importMyData, { query: {}, body: { format: 'open-webui-json', content: file } } as never);
    expect(imported.status).toBe(201);
    expect(imported.body.items[0].tags).toEqual(['Career', 'meetings', '#meetings']);
    expect(await listed({ tag: 'meetings' })).toEqual(['Standup notes']);
    expect((await myTags()).find((t: { tag: string }) => t.tag === 'Career')?.count).toBe(2);
    const exported = await owner.api(routes.exportMyData, { query: { format: 'json' } } as never);
    const text = typeof exported.body === 'string' ? exported.body : JSON.stringify(exported.body);
    expect(text).toContain('"meetings"');
  });

  it('an import whose tags cannot be written fails whole: none of its prompts is saved', async () => {
    // A real failure of the tags' append, in the database itself: their event is refused.
    await app.db.query(`create function refuse_tags() returns trigger language plpgsql as $$
      begin if new.type = 'PromptTagsSet' then raise exception 'tags refused'; end if; return new; end $$`);
    await app.db.query('create trigger refuse_tags before insert on events for each row execute function refuse_tags()');
    try {
      await settleAll(app);
      const before = await app.store.count();
      const titles = await listed({});
      const file = JSON.stringify([{ command: 'retro', name: 'Retro notes', content: 'Summarise {{notes}} for the retro.', tags: ['meetings'] }]);
      const imported = await owner.api(routes.importMyData, { query: {}, body: { format: 'open-webui-json', content: file } } as never);
      expect(imported.status).toBe(500);
      expect(await app.store.count()).toBe(before);
      await settleAll(app);
      expect(await listed({})).toEqual(titles);
    } finally {
      await app.db.query('drop trigger refuse_tags on events');
      await app.db.query('drop function refuse_tags()');
    }
  });

  it('rebuilds the same tags from the log', async () => {
    await settleAll(app);
    const live = await myTags();
    await app.runner.rebuild('tags');
    expect(await myTags()).toEqual(live);
  });
});
