import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IMPORT_REFUSALS, type PromptoryExport } from '../../modules/portability';
import { editPrompt } from '../../modules/prompts';
import * as routes from '../../src/shared/api-routes.generated';
import { backends, freshApp, settleAll } from '../support/backends';
import { approvedPublicPrompts, Browser, browsersAt, installApp, signUpAs } from '../support/test-app';
import { hasUnstorableText, UNSTORABLE_TEXT } from '../../src/server/http';
import { createZip } from '../../src/server/zip';

const sample = (name: string) => readFileSync(`tests/fixtures/formats/${name}`, 'utf8');

/**
 * Importing prompts (POST /api/me/import) and undoing an import, through the real endpoint on
 * both backends: a preview changes nothing, an import is one batch of private prompts, the
 * undo takes back exactly that batch.
 */
describe.each(backends)('import on $name', (backend) => {
  let app: Awaited<ReturnType<typeof freshApp>>;
  const [visitor, member, other, fresh] = browsersAt('10.9.1', 4);
  let memberId: number;
  const events = () => app.store.count();
  const importAs = (as: Browser, format: string, content: string, dryRun = false) =>
    as.api(routes.importMyData, { query: dryRun ? { dryRun: '1' } : {}, body: { format: format as never, content } });
  const mine = async (as: Browser) =>
    (await as.api(routes.mySubmissions, { query: { limit: 100 } })).body.items as { id: number; title: string; status: string; content: string }[];

  beforeAll(async () => {
    app = await freshApp(backend, { publicUrl: 'http://localhost:4321' });
    installApp(app);
    memberId = await signUpAs(app, member, 'member@example.com');
    await signUpAs(app, other, 'other@example.com');
    await signUpAs(app, fresh, 'fresh@example.com');
  });
  afterAll(async () => app?.dispose());

  it("previews a prompts.chat file without changing anything: each prompt's outcome and variables", async () => {
    const before = await events();
    const r = await importAs(member, 'prompts-chat-csv', sample('prompts-chat.csv'), true);
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ format: 'prompts-chat-csv', batchId: null, counts: { new: 4, duplicate: 0, invalid: 0 } });
    expect(r.body.items[2]).toMatchObject({ item: 3, title: '旅遊行程規劃師 ✈️', outcome: 'new', variables: ['天數', '城市'], converted: 2, promptId: null });
    expect(await events()).toBe(before);
    expect(await mine(member)).toEqual([]);
  });

  let batchId: number;
  let importedIds: number[];

  it('imports the file as private prompts in one batch, placeholders made variables; nobody else sees them', async () => {
    const r = await importAs(member, 'prompts-chat-csv', sample('prompts-chat.csv'));
    expect(r.status).toBe(201);
    expect(r.body.counts).toEqual({ new: 4, duplicate: 0, invalid: 0 });
    batchId = r.body.batchId;
    importedIds = r.body.items.map((i: { promptId: number }) => i.promptId);
    expect(batchId).toEqual(expect.any(Number));
    expect(importedIds.every((id) => typeof id === 'number')).toBe(true);
    const list = await mine(member);
    expect(list.map((p) => p.status)).toEqual(['private', 'private', 'private', 'private']);
    const trip = await member.api(routes.prompt, { params: { id: importedIds[2] } });
    expect(trip.body).toMatchObject({ status: 'private', content: expect.stringContaining('{{天數:3}}天的{{城市}}') });
    expect(trip.body.variables).toEqual([{ name: '天數', default: '3' }, { name: '城市' }]);
    for (const as of [visitor, other]) expect((await as.api(routes.prompt, { params: { id: importedIds[2] } })).status).toBe(404);
    expect((await visitor.api(routes.prompts, {})).body.map((p: { id: number }) => p.id)).not.toContain(importedIds[0]);
  });

  it('skips what the member already has: importing the same file again brings nothing', async () => {
    const before = await events();
    const r = await importAs(member, 'prompts-chat-csv', sample('prompts-chat.csv'));
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ batchId: null, counts: { new: 0, duplicate: 4, invalid: 0 } });
    expect(await events()).toBe(before);
  });

  it("reports invalid prompts with the server's messages and imports the rest", async () => {
    const r = await importAs(
      member,
      'open-webui-json',
      JSON.stringify([
        { name: 'No', content: 'short' },
        { name: 'Meeting summary', content: 'Summarise the {{meeting}} notes in five bullet points.' },
      ]),
    );
    expect(r.status).toBe(201);
    expect(r.body.counts).toEqual({ new: 1, duplicate: 0, invalid: 1 });
    // A private prompt may be short (the public library's 10-character minimum is for submissions).
    expect(r.body.items[0].issues).toEqual([expect.objectContaining({ path: ['title'], code: 'too_small', limit: 3 })]);
  });

  it('refuses an unreadable file, a visitor, a file past 20 MB and a body past its base64, appending nothing; other routes keep 64 KB', async () => {
    const before = await events();
    const bad = await importAs(member, 'aishort-json', '{"items": []}');
    expect(bad.status).toBe(400);
    expect(bad.body.issues[0]).toMatchObject({ path: ['content'], code: 'custom' });
    expect((await importAs(visitor, 'prompts-chat-csv', 'act,prompt\nA,B')).status).toBe(401);
    const huge = `act,prompt\n${'x'.repeat(20 * 1024 * 1024)}`;
    expect((await importAs(member, 'prompts-chat-csv', huge)).body).toMatchObject({ code: IMPORT_REFUSALS.tooLarge.code, values: { megabytes: 20 } });
    expect((await importAs(member, 'prompts-chat-csv', `act,prompt\n${'x'.repeat(28 * 1024 * 1024)}`)).status).toBe(413);
    // 200 KB: within the import's cap, over every other route's; a private prompt keeps it whole, past it refused.
    const big = `act,prompt\nA big one,${'word '.repeat(40_000)}\nBigger,${'word '.repeat(40_001)}`;
    const accepted = await importAs(member, 'prompts-chat-csv', big, true);
    expect(accepted.status).toBe(200);
    expect(accepted.body.items.map((i: { outcome: string }) => i.outcome)).toEqual(['new', 'invalid']);
    expect(accepted.body.items[1].issues[0]).toMatchObject({ path: ['content'], code: 'too_big', limit: 200_000 });
    const submit = await member.api(routes.submit, { body: { title: 'Too big', description: 'x'.repeat(200_000), content: 'y', categoryId: 1 } });
    expect(submit.status).toBe(413);
    expect(await events()).toBe(before);
  });

  it("refuses text PostgreSQL cannot store spelled inside the file (JSON escapes, a zip's bytes): the dry run and the import answer the same 400, appending nothing", async () => {
    const before = await events();
    const prompt = (title: string) => ({ title, description: 'A description long enough', content: 'Content long enough to import' });
    const files: [string, string][] = [
      ['open-webui-json', JSON.stringify([{ ...prompt('x'), name: 'Nul' }]).replace('"Nul"', '"N\\u0000ul"')],
      ['prompts-chat-json', JSON.stringify({ prompts: [prompt('x')] }).replace('"x"', '"half \\ud800"')],
      [
        'markdown',
        createZip([{ path: 'prompts/1-a.md', data: Buffer.from('---\ntitle: "A\u0000B"\n---\n\nContent long enough to import\n') }]).toString('base64'),
      ],
    ];
    for (const [format, content] of files) {
      expect(hasUnstorableText(content)).toBe(false);
      for (const dryRun of [true, false]) {
        const r = await importAs(member, format, content, dryRun);
        expect(r.status, `${format} ${dryRun ? 'dry run' : 'import'}`).toBe(400);
        expect(r.body).toMatchObject({ error: UNSTORABLE_TEXT, issues: [{ path: ['content'], code: 'unstorable_text' }] });
      }
    }
    expect(await events()).toBe(before);
  });

  it('undoes exactly its batch: private ones go, one shared since stays, other prompts untouched; once only, the importer only', async () => {
    const own = await member.api(routes.submit, {
      body: {
        title: 'Written by hand',
        description: 'Not part of any import at all.',
        content: 'Hand-written {{thing}} prompt.',
        categoryId: 1,
        visibility: 'private',
      },
    });
    expect(own.status).toBe(201);
    expect((await member.api(routes.edit, { params: { id: own.body.id }, body: { content: 'Hand-written {{thing}} prompt, edited.' } })).status).toBe(200);
    expect((await member.api(routes.share, { params: { id: importedIds[3] } })).status).toBe(200);
    expect((await other.api(routes.undoImport, { params: { batchId } })).status).toBe(404);
    const r = await member.api(routes.undoImport, { params: { batchId } });
    expect(r.status).toBe(200);
    expect(r.body).toEqual({ batchId, removed: 3, kept: 1 });
    const left = await mine(member);
    // What stays: the hand-written prompt, the one shared since, and the one the invalid-file test imported.
    expect(left).toHaveLength(3);
    expect(left.map((p) => p.id)).toEqual(expect.arrayContaining([own.body.id, importedIds[3]]));
    for (const id of importedIds.slice(0, 3)) expect((await member.api(routes.prompt, { params: { id } })).status).toBe(404);
    expect((await member.api(routes.prompt, { params: { id: own.body.id } })).body.content).toBe('Hand-written {{thing}} prompt, edited.');
    const again = await member.api(routes.undoImport, { params: { batchId } });
    expect(again.status).toBe(409);
    // Undone, the same file imports again.
    expect((await importAs(member, 'prompts-chat-csv', sample('prompts-chat.csv'), true)).body.counts).toEqual({ new: 3, duplicate: 1, invalid: 0 });
  });

  it('a replay of the log gives the same catalog and review tables after imports and an undo', async () => {
    await settleAll(app);
    const dump = () =>
      Promise.all([
        app.db.query('select id, title, content, status, version from catalog_prompts order by id'),
        app.db.query('select id, title, status from review_prompts order by id'),
      ]);
    const live = await dump();
    await app.runner.rebuild('catalog');
    await app.runner.rebuild('review');
    expect(await dump()).toEqual(live);
  });

  it('round trip: export as JSON and as Markdown, import into an empty account, export again: the same prompts, versions, variables and collections', async () => {
    // A history to carry: one prompt edited twice, with change notes.
    const [kept] = await mine(member);
    const author = { userId: memberId, isAdmin: false };
    const meta = { actor: memberId, requestId: 'round-trip', at: new Date().toISOString() };
    expect((await editPrompt(app.store, kept.id, { content: `${kept.content} Second version.` }, 'More detail', author, meta)).events).toHaveLength(1);
    expect((await editPrompt(app.store, kept.id, { title: 'Renamed: third version' }, null, author, meta)).events).toHaveLength(1);
    // Collections to carry: of public prompts (a collection holds nothing else), one of them empty.
    const publicIds = await approvedPublicPrompts(app, member, ['Collected first', 'Collected second']);
    await settleAll(app);
    const picks = await member.api(routes.createCollection, { body: { name: 'Round trip picks', description: 'Collected to travel along.', isPublic: true } });
    for (const promptId of publicIds)
      expect((await member.api(routes.addToCollection, { params: { id: picks.body.id }, body: { promptId } })).status).toBe(200);
    expect((await member.api(routes.createCollection, { body: { name: 'Empty shelf', description: '', isPublic: false } })).status).toBe(201);
    await settleAll(app);
    const exported = (await member.api(routes.exportMyData, { query: { format: 'json' } })).body as PromptoryExport;
    expect(exported.prompts.find((p) => p.id === kept.id)!.versions).toHaveLength(3);
    expect(exported.prompts.length).toBeGreaterThan(1);
    expect(exported.collections).toHaveLength(2);
    const r = await importAs(fresh, 'promptory-json', JSON.stringify(exported));
    expect(r.status).toBe(201);
    expect(r.body.collections).toBe(2);
    const again = (await fresh.api(routes.exportMyData, { query: { format: 'json' } })).body as PromptoryExport;
    const essence = (data: PromptoryExport) =>
      data.prompts.map(({ title, description, content, category, variables, versions }) => ({
        title,
        description,
        content,
        category,
        variables,
        versions: versions.map(({ version, title, description, content, category, note }) => ({ version, title, description, content, category, note })),
      }));
    // Added in one transaction, a collection's prompts share their time: compared as sets.
    const shelves = (data: PromptoryExport) =>
      data.collections.map(({ name, description, isPublic, prompts }) => ({ name, description, isPublic, prompts: prompts.map((p) => p.promptId).sort() }));
    expect(essence(again)).toEqual(essence(exported));
    expect(shelves(again)).toEqual(shelves(exported));
    expect(again.prompts.every((p) => p.visibility === 'private')).toBe(true);
    // The undo takes the collections back with the prompts.
    expect((await fresh.api(routes.undoImport, { params: { batchId: r.body.batchId } })).status).toBe(200);
    expect((await fresh.api(routes.myCollections)).body.items).toEqual([]);

    const zip = (await member.api(routes.exportMyData, { query: { format: 'markdown' } })).bytes.toString('base64');
    const viaMarkdown = await importAs(other, 'markdown', zip);
    expect(viaMarkdown.status).toBe(201);
    const third = (await other.api(routes.exportMyData, { query: { format: 'json' } })).body as PromptoryExport;
    // Markdown keeps each prompt's text, not its history.
    const sorted = (data: PromptoryExport) =>
      data.prompts
        .map(({ title, description, content, category, variables }) => ({ title, description, content, category, variables }))
        .sort((a, b) => a.title.localeCompare(b.title));
    expect(sorted(third)).toEqual(sorted(exported));
    expect(shelves(third)).toEqual(shelves(exported));
  });
});
