import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CSV_COLUMNS, promptoryExport, readCsv, type PromptoryExport } from '../../modules/portability';
import * as routes from '../../src/shared/api-routes.generated';
import { backends, freshApp, settleAll } from '../support/backends';
import { readZip } from '../../src/server/zip';
import { listPromptsBy } from '../../projections/catalog/queries';
import { Browser, browsersAt, installApp, signUpAs } from '../support/test-app';

/**
 * "Download my data" (GET /api/me/export) through the real endpoint on both backends: every
 * kind of thing a member keeps comes out in each format, and nothing of anyone else's.
 */
describe.each(backends)('data export on $name', (backend) => {
  let app: Awaited<ReturnType<typeof freshApp>>;
  const [visitor, member, other] = browsersAt('10.9.0', 3);
  let privateId: number;
  let pendingId: number;
  let othersPrivateId: number;
  const SEEDED = 3;

  const exportAs = async (as: Browser, format: 'json' | 'csv' | 'markdown') => {
    const r = await as.api(routes.exportMyData, { query: { format } });
    expect(r.status).toBe(200);
    expect(r.headers.get('cache-control')).toBe('no-store');
    expect(r.headers.get('content-disposition')).toMatch(
      new RegExp(`^attachment; filename="promptory-export-\\d{4}-\\d{2}-\\d{2}\\.${format === 'markdown' ? 'zip' : format}"$`),
    );
    return r;
  };

  beforeAll(async () => {
    app = await freshApp(backend, { publicUrl: 'http://localhost:4321', seed: true });
    installApp(app);
    await signUpAs(app, member, 'member@example.com');
    await signUpAs(app, other, 'other@example.com');
    const save = async (as: Browser, title: string, content: string, visibility: 'public' | 'private') => {
      const r = await as.api(routes.submit, { body: { title, description: 'A prompt of my own, to take with me.', content, categoryId: 2, visibility } });
      expect(r.status).toBe(201);
      return r.body.id as number;
    };
    privateId = await save(member, '旅遊 "plan": mine, with [brackets]', 'Plan {{天數:3}} days in {{城市}} in a {{tone:formal|casual}} tone.', 'private');
    pendingId = await save(member, 'A public one', 'Review this {{language}} code for bugs, please.', 'public');
    othersPrivateId = await save(other, 'Not yours to take', 'Someone else keeps {{this}} private.', 'private');
    expect((await member.api(routes.bookmark, { body: { promptId: SEEDED } })).status).toBe(201);
    expect((await member.api(routes.rate, { body: { promptId: SEEDED, value: 5 } })).status).toBe(200);
    expect((await member.api(routes.recordHistory, { body: { promptId: privateId, values: { 城市: '香港', tone: 'casual' } } })).status).toBe(201);
    const collection = await member.api(routes.createCollection, { body: { name: 'Travel, & more', description: 'Prompts for trips away.', isPublic: false } });
    expect(collection.status).toBe(201);
    for (const promptId of [SEEDED, 4])
      expect((await member.api(routes.addToCollection, { params: { id: collection.body.id }, body: { promptId } })).status).toBe(200);
    expect((await other.api(routes.bookmark, { body: { promptId: 5 } })).status).toBe(201);
    await settleAll(app);
  });
  afterAll(async () => app?.dispose());

  it('json: the Promptory format, valid against its schema, with everything the member keeps', async () => {
    const data: PromptoryExport = promptoryExport.parse((await exportAs(member, 'json')).body);
    expect(data).toMatchObject({ format: 'promptory-export', formatVersion: 1, site: 'http://localhost:4321' });
    expect(data.profile).toMatchObject({ email: 'member@example.com' });
    expect(data.prompts.map((p) => p.id)).toEqual([privateId, pendingId]);
    const mine = data.prompts[0];
    expect(mine).toMatchObject({ visibility: 'private', status: 'private', category: 'coding' });
    expect(mine.variables).toEqual([{ name: '天數', default: '3' }, { name: '城市' }, { name: 'tone', default: 'formal', options: ['formal', 'casual'] }]);
    expect(mine.versions.at(-1)).toMatchObject({ content: mine.content, title: mine.title });
    expect(data.prompts[1]).toMatchObject({ visibility: 'public', status: 'pending' });
    expect(data.bookmarks.map((b) => b.promptId)).toEqual([SEEDED]);
    expect(data.bookmarks[0].title).toEqual(expect.any(String));
    expect(data.ratings).toEqual([expect.objectContaining({ promptId: SEEDED, helpful: true })]);
    expect(data.history).toEqual([expect.objectContaining({ promptId: privateId, values: { 城市: '香港', tone: 'casual' } })]);
    expect(data.history[0].filledContent).toBe('Plan 3 days in 香港 in a casual tone.');
    expect(data.rememberedValues).toEqual({ 城市: ['香港'], tone: ['casual'] });
    expect(data.collections).toEqual([
      expect.objectContaining({
        name: 'Travel, & more',
        isPublic: false,
        prompts: [expect.objectContaining({ promptId: 4 }), expect.objectContaining({ promptId: SEEDED })],
      }),
    ]);
  });

  it('reads a library a page at a time, each prompt once and oldest first, whatever the page size', async () => {
    const memberId = (await member.api(routes.me)).body.user.id as number;
    const pagesOf = async (size: number) => {
      const pages: number[][] = [];
      for await (const page of listPromptsBy(app.db, memberId, size)) pages.push(page.map((p) => p.id));
      return pages;
    };
    expect(await pagesOf(1)).toEqual([[privateId], [pendingId]]);
    expect(await pagesOf(2)).toEqual([[privateId, pendingId]]);
    expect(await pagesOf(200)).toEqual([[privateId, pendingId]]);
  });

  it("holds nothing of another member's", async () => {
    const text = JSON.stringify((await exportAs(member, 'json')).body);
    expect(text).not.toContain('Not yours to take');
    expect(text).not.toContain('other@example.com');
    const theirs: PromptoryExport = (await exportAs(other, 'json')).body;
    expect(theirs.prompts.map((p) => p.id)).toEqual([othersPrivateId]);
    expect(theirs.bookmarks.map((b) => b.promptId)).toEqual([5]);
    expect(theirs.history).toEqual([]);
    expect(theirs.collections).toEqual([]);
  });

  it('csv: act and prompt first, then Promptory columns; quotes, commas and line breaks survive', async () => {
    const r = await exportAs(member, 'csv');
    expect(r.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    const [header, ...rows] = readCsv(r.bytes.toString('utf8'));
    expect(header).toEqual([...CSV_COLUMNS]);
    expect(rows.map((row) => [row[0], row[1]])).toEqual([
      // prompts.chat's own placeholder syntax, so prompts.chat reads the variables back (a choice keeps its first option).
      ['旅遊 "plan": mine, with [brackets]', 'Plan ${天數:3} days in ${城市} in a ${tone:formal} tone.'],
      ['A public one', 'Review this ${language} code for bugs, please.'],
    ]);
    expect(rows[0].slice(2, 8)).toEqual(['A prompt of my own, to take with me.', 'coding', 'private', 'private', '天數; 城市; tone', '1']);
  });

  it('csv: starts with a BOM, hands a spreadsheet no formula, and imports back as it was', async () => {
    const sheet = new Browser('10.9.0.4');
    const fresh = new Browser('10.9.0.5');
    await signUpAs(app, sheet, 'sheet@example.com');
    await signUpAs(app, fresh, 'fresh@example.com');
    const title = '=HYPERLINK("http://evil.example","Open")';
    const content = '- first step, then\n- second step with {{topic}}';
    const saved = await sheet.api(routes.submit, {
      body: { title, description: '@someone asked for this one.', content, categoryId: 2, visibility: 'private' },
    });
    expect(saved.status).toBe(201);
    const r = await exportAs(sheet, 'csv');
    const text = r.bytes.toString('utf8');
    expect(text.startsWith('\ufeffact,prompt,')).toBe(true);
    expect(text).toContain(`"'=HYPERLINK(""http://evil.example"",""Open"")","'- first step`);
    expect(text).toContain(",'@someone asked for this one.,");
    const [, row] = readCsv(text);
    expect(row.slice(0, 3)).toEqual([title, '- first step, then\n- second step with ${topic}', '@someone asked for this one.']);
    const imported = await fresh.api(routes.importMyData, { body: { format: 'prompts-chat-csv', content: text } });
    expect(imported.status).toBe(201);
    const mine = await fresh.api(routes.prompt, { params: { id: imported.body.items[0].promptId } });
    expect([mine.body.title, mine.body.content]).toEqual([title, content]);
  });

  it('markdown: a zip of one file per own prompt with front matter, one index per collection, and a README', async () => {
    const r = await exportAs(member, 'markdown');
    expect(r.headers.get('content-type')).toBe('application/zip');
    const files = readZip(r.bytes);
    const names = [...files.keys()].sort();
    expect(names).toEqual([
      'README.md',
      'collections/1-travel-more.md',
      `prompts/${privateId}-旅遊-plan-mine-with-brackets.md`,
      `prompts/${pendingId}-a-public-one.md`,
    ]);
    const prompt = files.get(`prompts/${privateId}-旅遊-plan-mine-with-brackets.md`)!.toString('utf8');
    const [, frontMatter, body] = /^---\n([\s\S]*?)\n---\n\n([\s\S]*)$/.exec(prompt)!;
    // Every scalar is a JSON string, which YAML reads the same way.
    expect(JSON.parse(/^title: (.*)$/m.exec(frontMatter)![1])).toBe('旅遊 "plan": mine, with [brackets]');
    expect(frontMatter).toContain('visibility: private');
    expect(frontMatter).toContain('  - name: "tone"\n    default: "formal"\n    options: ["formal", "casual"]');
    expect(body).toBe('Plan {{天數:3}} days in {{城市}} in a {{tone:formal|casual}} tone.\n');
    const readme = files.get('README.md')!.toString('utf8');
    expect(readme).toContain(`- [旅遊 "plan": mine, with \\[brackets\\]](prompts/${privateId}-旅遊-plan-mine-with-brackets.md) (private, private)`);
    expect(readme).toContain('- [Travel, & more](collections/1-travel-more.md)');
    const collection = files.get('collections/1-travel-more.md')!.toString('utf8');
    expect(collection).toContain(`](http://localhost:4321/prompts/${SEEDED})`);
    expect(collection).toContain(`](http://localhost:4321/prompts/4)`);
  });

  it('refuses a visitor and a bad format without changing anything', async () => {
    const before = await app.store.count();
    expect((await visitor.api(routes.exportMyData, { query: { format: 'json' } })).status).toBe(401);
    const bad = await member.api(routes.exportMyData, { query: { format: 'pdf' as never } });
    expect(bad.status).toBe(400);
    expect(bad.body.issues[0]).toMatchObject({ path: ['format'] });
    expect(await app.store.count()).toBe(before);
  });
});
