import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { DomainError } from '../../events';
import { decodeFile, detectFormat } from '../../src/server/portability/import-bytes';
import { planImport } from '../../src/server/portability/import-plan';

/**
 * Files as people have them: saved by Excel in Hong Kong, Taiwan and mainland China, with and
 * without byte order marks, or not a prompt file at all. The server reads the bytes.
 */
const SITE = 'http://localhost:4321';
const sample = (name: string) => readFileSync(`tests/fixtures/formats/${name}`);
const plan = (bytes: Buffer) => planImport({ bytes: bytes.toString('base64') }, 'Mei', [], SITE);
const text = (file: ReturnType<typeof decodeFile>) => (file.kind === 'text' ? file.text : null);

// "寫一封信 / 請幫我寫一封感謝信給老師，語氣要溫暖。" as Excel saves it in Big5 (Taiwan, Hong Kong).
const BIG5 = Buffer.from('6163742c70726f6d70740abc67a440abcaab482cbdd0c0b0a7dabc67a440abcab750c1c2ab48b5b9a6d1ae76a141bb79aef0ad6eb7c5b778a1430a', 'hex');
// "旅游规划 / 请为我规划三天的行程，并附上预算建议。" in GB18030 (mainland China).
const GB18030 = Buffer.from('6163742c70726f6d70740ac2c3d3ceb9e6bbae2cc7ebceaaced2b9e6bbaec8fdccecb5c4d0d0b3cca3acb2a2b8bdc9cfd4a4cbe3bda8d2e9a1a30a', 'hex');
const CSV = 'act,prompt\n寫一封信,請幫我寫一封感謝信給老師，語氣要溫暖。\n';

describe('reading a dropped file from its bytes', () => {
  it('decodes UTF-8 with and without a BOM, UTF-16 with a BOM or plainly, Big5 and GB18030', () => {
    const utf16le = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(CSV, 'utf16le')]);
    const utf16be = Buffer.from(CSV, 'utf16le').swap16();
    expect(decodeFile(Buffer.from(CSV))).toEqual({ kind: 'text', text: CSV, encoding: 'utf-8' });
    expect(decodeFile(Buffer.from(`\ufeff${CSV}`))).toEqual({ kind: 'text', text: CSV, encoding: 'utf-8-bom' });
    expect(decodeFile(utf16le)).toEqual({ kind: 'text', text: CSV, encoding: 'utf-16le' });
    expect(decodeFile(Buffer.from(CSV, 'utf16le'))).toMatchObject({ text: CSV, encoding: 'utf-16le' });
    expect(decodeFile(Buffer.concat([Buffer.from([0xfe, 0xff]), utf16be]))).toMatchObject({ text: CSV, encoding: 'utf-16be' });
    expect(decodeFile(BIG5)).toEqual({ kind: 'text', text: CSV, encoding: 'big5' });
    expect(decodeFile(GB18030)).toMatchObject({ encoding: 'gb18030', text: 'act,prompt\n旅游规划,请为我规划三天的行程，并附上预算建议。\n' });
  });

  it('detects the format of every sample without being told, and a gzipped PromptHub backup', () => {
    const detected = (bytes: Buffer) => detectFormat(decodeFile(bytes));
    expect(detected(sample('prompts-chat.csv'))).toBe('prompts-chat-csv');
    expect(detected(sample('prompts-chat.json'))).toBe('prompts-chat-json');
    expect(detected(sample('open-webui-prompts.json'))).toBe('open-webui-json');
    expect(detected(sample('open-webui-prompts-legacy.json'))).toBe('open-webui-json');
    expect(detected(sample('ai-prompt-genius.json'))).toBe('ai-prompt-genius');
    expect(detected(sample('ai-prompt-genius.csv'))).toBe('ai-prompt-genius');
    expect(detected(sample('aishort-export.json'))).toBe('aishort-json');
    expect(detected(sample('aishort-export-offline.json'))).toBe('aishort-json');
    expect(detected(sample('prompthub-backup.json'))).toBe('prompthub-json');
    expect(detected(gzipSync(sample('prompthub-backup.json')))).toBe('prompthub-json');
    expect(detected(sample('prompts-chat.prompt.md'))).toBe('markdown');
    expect(text(decodeFile(gzipSync(Buffer.from(CSV))))).toBe(CSV);
  });

  it('imports a Big5 CSV as the text it holds, and says how it read it in the preview', () => {
    const preview = plan(BIG5);
    expect(preview).toMatchObject({ format: 'prompts-chat-csv', encoding: 'big5', sample: CSV, counts: { new: 1, duplicate: 0, invalid: 0 } });
    expect(preview.importable[0].request).toMatchObject({ title: '寫一封信', content: '請幫我寫一封感謝信給老師，語氣要溫暖。' });
  });

  it("brings PromptHub's prompts with their system prompt, older versions and short notes as descriptions", () => {
    const preview = plan(sample('prompthub-backup.json'));
    expect(preview.counts).toEqual({ new: 2, duplicate: 0, invalid: 0 });
    const [trip, bug] = preview.importable;
    expect(trip.request).toMatchObject({ title: '旅遊行程規劃師 🧳', description: '三天兩夜行程', content: '你是導遊。\n\n請規劃{{城市}}行程。' });
    expect(trip.edits.map((e) => e.change.content)).toEqual([
      '你是熟悉台灣的導遊。\n\n請規劃{{天數:3}}天的{{城市}}行程，預算約 {{預算:NT$10,000}}。今天是 {{CURRENT_DATE}}。',
    ]);
    expect(preview.items[0].variables).toEqual(expect.arrayContaining(['天數', '城市', '預算']));
    expect(bug.request.content).toContain('Severity: {{severity:medium}}');
  });

  it('refuses what is no prompt file, saying what it is', () => {
    const refusal = (bytes: Buffer) => {
      try {
        plan(bytes);
      } catch (error) {
        expect(error).toBeInstanceOf(DomainError);
        return (error as DomainError).message;
      }
      throw new Error('not refused');
    };
    const png = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex');
    expect(refusal(png)).toBe('This is a PNG image, not a prompt file.');
    expect(refusal(Buffer.from('%PDF-1.7\n'))).toBe('This is a PDF document, not a prompt file.');
    expect(refusal(Buffer.from('{"hello": "world"}'))).toBe('This JSON file is not an export of a prompt tool Promptory reads.');
  });
});
