import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IMPORT_REFUSALS } from '../../modules/portability';
import { PROMPT_REFUSALS } from '../../modules/prompts/contracts';
import * as routes from '../../src/shared/api-routes.generated';
import { backends, freshApp } from '../support/backends';
import { realSizePromptsChatCsv, REAL_SIZE } from '../support/prompts-chat-file';
import { Browser, installApp, signUpAs } from '../support/test-app';

/**
 * Files as people have them, sent as their bytes (POST /api/me/import `{ bytes }`): the real
 * public prompts.chat dataset's size and shape, a Big5 CSV from Excel, a picture dropped by
 * mistake. The server tells the format and the encoding apart; long prompts stay private.
 */
describe.each(backends)('importing real files on $name', (backend) => {
  let app: Awaited<ReturnType<typeof freshApp>>;
  const member = new Browser('10.9.4.2');
  const checker = new Browser('10.9.4.3');
  const events = () => app.store.count();
  const importBytes = (as: Browser, bytes: Buffer | string, dryRun = false) =>
    as.api(routes.importMyData, { query: dryRun ? { dryRun: '1' } : {}, body: { bytes: Buffer.from(bytes).toString('base64') } });

  beforeAll(async () => {
    app = await freshApp(backend, { publicUrl: 'http://localhost:4321' });
    installApp(app);
    await signUpAs(app, member, 'member@example.com');
    await signUpAs(app, checker, 'checker@example.com');
  });
  afterAll(async () => app?.dispose());

  let longest: number;

  it('imports a real-size prompts.chat CSV whole: 1,282 prompts, the long ones kept private up to 144,000 characters, long titles shortened', async () => {
    const { csv, lengths } = realSizePromptsChatCsv();
    const r = await importBytes(member, csv);
    expect(r.status).toBe(201);
    expect(r.body).toMatchObject({ format: 'prompts-chat-csv', encoding: 'utf-8-bom', counts: { new: REAL_SIZE.prompts, duplicate: 0, invalid: 0 } });
    const shortened = r.body.items.filter((i: { fullTitle?: string }) => i.fullTitle);
    expect(shortened).toHaveLength(REAL_SIZE.longTitles);
    const at = lengths.indexOf(REAL_SIZE.longest);
    longest = r.body.items[at].promptId;
    const kept = await member.api(routes.prompt, { params: { id: longest } });
    expect(kept.body).toMatchObject({ status: 'private' });
    expect(kept.body.content).toHaveLength(REAL_SIZE.longest);
    const titled = await member.api(routes.prompt, { params: { id: shortened[0].promptId } });
    expect(titled.body.title.length).toBeLessThanOrEqual(100);
    expect(titled.body.description).toBe(`Full title: ${shortened[0].fullTitle}\n\n${titled.body.description.split('\n\n')[1]}`);
  });

  it('refuses to submit a private prompt past the public limit to the community, saying why; it stays private', async () => {
    const before = await events();
    const r = await member.api(routes.share, { params: { id: longest } });
    expect(r.status).toBe(400);
    expect(r.body).toMatchObject({ code: PROMPT_REFUSALS.shareContentTooLong.code, values: { limit: 5000 } });
    expect((await member.api(routes.prompt, { params: { id: longest } })).body.status).toBe('private');
    expect(await events()).toBe(before);
  });

  it('reads a Big5 CSV saved by Excel in Hong Kong or Taiwan as the Chinese it holds, and says so in the preview', async () => {
    const big5 = Buffer.from('6163742c70726f6d70740abc67a440abcaab482cbdd0c0b0a7dabc67a440abcab750c1c2ab48b5b9a6d1ae76a141bb79aef0ad6eb7c5b778a1430a', 'hex');
    const r = await importBytes(checker, big5, true);
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ format: 'prompts-chat-csv', encoding: 'big5', counts: { new: 1, duplicate: 0, invalid: 0 } });
    expect(r.body.sample).toContain('請幫我寫一封感謝信給老師');
    expect(r.body.items[0].title).toBe('寫一封信');
  });

  it('refuses a picture dropped by mistake, saying what it is, and appends nothing', async () => {
    const before = await events();
    const png = Buffer.from('89504e470d0a1a0a0000000d4948445200000001', 'hex');
    const r = await importBytes(checker, png);
    expect(r.status).toBe(400);
    expect(r.body).toMatchObject({ code: IMPORT_REFUSALS.png.code, error: 'This is a PNG image, not a prompt file.' });
    expect(await events()).toBe(before);
  });

  it('names an empty prompt column by its line, and imports the rows that can be', async () => {
    const r = await importBytes(checker, 'act,prompt\nGood one,Say hello to {{name}}\n"Two\nlines",\nAnother,Say goodbye\n');
    expect(r.status).toBe(201);
    expect(r.body.counts).toEqual({ new: 2, duplicate: 0, invalid: 1 });
    expect(r.body.items[1]).toMatchObject({ line: 3, issues: [{ code: 'empty_column', message: 'Line 3: the prompt column is empty.' }] });
  });

  it('the Check does not count against the import limit: past the limit of imports in checks, the import still runs', async () => {
    const file = 'act,prompt\nChecked often,A prompt checked many times before it is imported\n';
    for (let i = 0; i < 21; i++) expect((await importBytes(checker, file, true)).status).toBe(200);
    expect((await importBytes(checker, file)).status).toBe(201);
  });
});
