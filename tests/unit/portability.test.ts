import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { exportCsv, promptsChatContent, readCsv, readCsvSteps, slugOf, writeCsv } from '../../modules/portability';
import { csvDownload, jsonDownload, markdownDownload } from '../../src/server/portability/my-data';
import { readZip } from '../../src/server/zip';
import { EXPORT_SCHEMA_FILE, exportSchemaText } from '../../scripts/generate-export-schema';

/** The reader as first written, a character at a time: the oracle the faster one must agree with on any text. */
function readCsvOneCharAtATime(text: string): string[][] {
  const records: string[][] = [];
  let record: string[] = [];
  let field = '';
  let quoted = false;
  const endRecord = () => {
    record.push(field);
    if (record.length > 1 || record[0] !== '') records.push(record);
    record = [];
    field = '';
  };
  for (let i = text.charCodeAt(0) === 0xfeff ? 1 : 0; i < text.length; i++) {
    const c = text[i];
    if (quoted) {
      if (c !== '"') field += c;
      else if (text[i + 1] === '"') {
        field += '"';
        i++;
      } else quoted = false;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      record.push(field);
      field = '';
    } else if (c === '\n' || (c === '\r' && text[i + 1] !== '\n')) endRecord();
    else if (c !== '\r') field += c;
  }
  if (field !== '' || record.length > 0) endRecord();
  return records;
}

describe('CSV', () => {
  it("writes variables as prompts.chat's ${name:default} (a choice list as its first choice), other braces as text", () => {
    const content = 'Plan {{days:3}} days in {{城市}}, {{tone:calm|brisk}}; keep \\{{literal}} and {{not a var!}}.';
    const variables = [{ name: 'days', default: '3' }, { name: '城市' }, { name: 'tone', default: 'calm', options: ['calm', 'brisk'] }];
    expect(promptsChatContent(content, variables)).toBe('Plan ${days:3} days in ${城市}, ${tone:calm}; keep {{literal}} and {{not a var!}}.');
  });

  it('reads any text, however malformed (stray quotes, lone CRs, a BOM), as the one-character-at-a-time reader did', () => {
    const text = fc.string({ unit: fc.constantFrom('a', ' ', ',', '"', '\r', '\n', '字', '\ufeff') });
    fc.assert(
      fc.property(text, (t) => {
        expect(readCsv(t)).toEqual(readCsvOneCharAtATime(t));
      }),
      { numRuns: 2000 },
    );
  });

  it('reads a large file in steps, a turn between every 2,000 records, to the same records and lines', () => {
    const rows = Array.from({ length: 5000 }, (_, i) => [`Act ${i}`, `Line one\nline "two" of ${i}`]);
    const text = writeCsv(['act', 'prompt'], rows);
    const lines: number[] = [];
    const steps = readCsvSteps(text, lines);
    let turns = 0;
    let step = steps.next();
    for (; !step.done; step = steps.next()) turns += 1;
    const whole: number[] = [];
    expect(step.value).toEqual(readCsv(text, whole));
    expect(lines).toEqual(whole);
    expect(turns).toBe(Math.floor(5001 / 2000));
  });

  it('reads back exactly what it wrote, whatever the text (quotes, commas, CR, LF, emoji, formulas, apostrophes)', () => {
    const field = fc.string({ unit: fc.constantFrom('a', 'Z', ' ', ',', '"', '\r', '\n', '字', '🎉', '\t', '=', '+', '-', '@', "'") });
    fc.assert(
      fc.property(fc.array(fc.array(field, { minLength: 2, maxLength: 4 }), { minLength: 1, maxLength: 6 }), (rows) => {
        const header = rows[0].map((_, i) => `c${i}`);
        const body = rows.map((r) => header.map((_, i) => r[i] ?? ''));
        expect(readCsv(writeCsv(header, body))).toEqual([header, ...body]);
      }),
    );
  });

  it("quotes only fields that need it and ends every record with CRLF, as prompts.chat's file does", () => {
    expect(
      writeCsv(
        ['act', 'prompt'],
        [
          ['Plain', 'Say "hi", then\nstop '],
          [' edge', 'x'],
        ],
      ),
    ).toBe('\ufeffact,prompt\r\nPlain,"Say ""hi"", then\nstop "\r\n" edge",x\r\n');
  });

  it('starts every file with a BOM and writes no formula: a cell starting =, +, -, @, tab or CR gets a leading apostrophe, which the reader takes off', () => {
    const cells = ['=HYPERLINK("http://x")', '+1', '- a list item', '@SUM(A1)', '\tindented', '\rcr', "'=already quoted", "'plain", 'plain'];
    const text = writeCsv(
      ['cell'],
      cells.map((c) => [c]),
    );
    expect(text.startsWith('\ufeffcell\r\n')).toBe(true);
    expect(
      readCsv(text)
        .slice(1)
        .map(([raw]) => raw),
    ).toEqual(cells);
    // As a spreadsheet sees the cells (the reader's apostrophe removal aside): none starts a formula.
    const asWritten = text
      .slice(1)
      .split('\r\n')
      .slice(1, -1)
      .map((line) => line.replace(/^"/, ''));
    expect(asWritten.filter((cell) => /^[=+\-@\t\r]/.test(cell))).toEqual([]);
    expect(asWritten.slice(0, 7).every((cell) => cell.startsWith("'"))).toBe(true);
    expect(asWritten.slice(7)).toEqual(["'plain", 'plain']);
  });

  it("reads prompts.chat's own file: CRLF between records, LF inside quoted fields, doubled quotes", () => {
    const [header, ...rows] = readCsv(readFileSync('tests/fixtures/formats/prompts-chat.csv', 'utf8'));
    expect(header).toEqual(['act', 'prompt', 'for_devs', 'type', 'contributor']);
    expect(rows).toHaveLength(4);
    expect(rows[0][1]).toBe('Rewrite the email below so it sounds polite, clear and short. Keep the meaning.\n\nEmail:\n${email}');
    expect(rows[1][1]).toContain('reply "LGTM" if');
    expect(rows[1][4]).toBe('dev-ana,kuo-tw');
    expect(rows[2][0]).toBe('旅遊行程規劃師 ✈️');
  });

  it('skips a byte order mark and blank lines, and takes LF-only files (AI Prompt Genius)', () => {
    expect(readCsv('\ufeffa,b\n\n1,2')).toEqual([
      ['a', 'b'],
      ['1', '2'],
    ]);
    const [header, ...rows] = readCsv(readFileSync('tests/fixtures/formats/ai-prompt-genius.csv', 'utf8'));
    expect(header).toEqual(['title', 'content', 'description', 'folder', 'tags']);
    expect(rows).toHaveLength(4);
    expect(rows[0][2]).toBe('Makes drafts sound friendly, not "stiff"');
  });
});

describe('file names', () => {
  it('keep letters and digits of every script, dash the rest, and never come out empty', () => {
    expect(slugOf('Code Review: Buddy!', 'prompt')).toBe('code-review-buddy');
    expect(slugOf('旅遊行程規劃師 ✈️', 'prompt')).toBe('旅遊行程規劃師');
    expect(slugOf('ＦＵＬＬ width', 'prompt')).toBe('full-width');
    expect(slugOf('✈️🎉', 'prompt')).toBe('prompt');
    expect(slugOf('a'.repeat(59) + ' b c', 'prompt')).toBe('a'.repeat(59));
  });
});

describe('the Promptory format', () => {
  it('has its JSON Schema in docs, generated from the one declaration (npm run generate)', () => {
    expect(readFileSync(EXPORT_SCHEMA_FILE, 'utf8')).toBe(exportSchemaText());
  });
});

describe('the downloads, written a page at a time', () => {
  const prompt = (id: number, content: string) => ({
    id,
    title: `Prompt ${id}`,
    description: 'A prompt, "quoted", with a colon: here.',
    content,
    category: 'writing',
    visibility: 'private' as const,
    status: 'private' as const,
    authorName: 'Mei',
    createdAt: '2026-11-01T00:00:00.000Z',
    variables: [],
    tags: [],
    versions: [],
  });
  const head = {
    format: 'promptory-export' as const,
    formatVersion: 1 as const,
    exportedAt: '2026-11-26T00:00:00.000Z',
    site: 'http://localhost:4321',
    profile: { name: 'Mei', username: null, email: 'mei@example.com', avatarUrl: null, createdAt: '2026-11-01T00:00:00.000Z' },
    bookmarks: [],
    // An empty collection spells `"prompts": []` too: the writer must not take it for the prompts.
    collections: [{ name: 'Empty shelf', description: null, isPublic: false, createdAt: '2026-11-01T00:00:00.000Z', prompts: [] }],
    ratings: [],
    history: [],
    rememberedValues: {},
  };
  const pages = [[prompt(1, 'Say "prompts": [] to {{name}}.'), prompt(2, '第二\n行')], [], [prompt(3, 'Last.')]];
  const data = (list: typeof pages) => ({
    head,
    async *prompts() {
      yield* list;
    },
  });
  const written = async (parts: AsyncGenerator<string>) => {
    let text = '';
    for await (const part of parts) text += part;
    return text;
  };

  it('JSON: the same text as the whole export stringified, with or without prompts', async () => {
    for (const list of [pages, [], [[]]]) {
      const { format, formatVersion, exportedAt, site, profile, ...rest } = head;
      const whole = { format, formatVersion, exportedAt, site, profile, prompts: list.flat(), ...rest };
      expect(await written(jsonDownload(data(list)))).toBe(JSON.stringify(whole, null, 2));
    }
  });

  it('CSV: the same text as the whole export written at once', async () => {
    const whole = exportCsv({ ...head, prompts: pages.flat() });
    expect(await written(csvDownload(data(pages)))).toBe(whole);
    expect(readCsv(whole).map((row) => row[0])).toEqual(['act', 'Prompt 1', 'Prompt 2', 'Prompt 3']);
  });

  it('Markdown: a zip written a page at a time that unzip reads whole, names in any script intact', async () => {
    const chinese = { ...prompt(4, '寫一首關於{{城市}}的詩。'), title: '旅遊 詩' };
    const shelf = {
      name: '我的 shelf',
      description: null,
      isPublic: true,
      createdAt: '2026-11-01T00:00:00.000Z',
      prompts: [{ promptId: 1, title: 'Prompt 1', addedAt: '2026-11-02T00:00:00.000Z' }],
    };
    const parts: Buffer[] = [];
    for await (const part of markdownDownload({ head: { ...head, collections: [shelf] }, prompts: data([...pages, [chinese]]).prompts })) parts.push(part);
    // The prompts leave as their pages come, before the archive is done.
    expect(parts.length).toBe(4);
    const zip = Buffer.concat(parts);
    const dir = mkdtempSync(join(tmpdir(), 'promptory-zip-'));
    try {
      writeFileSync(join(dir, 'export.zip'), zip);
      // The system's unzip: reads the names as UTF-8 (a DOS-made archive would have them in a code page).
      const names = execFileSync('unzip', ['-Z1', join(dir, 'export.zip')], { encoding: 'utf8', env: { ...process.env, LC_ALL: 'C.UTF-8' } });
      expect(names.trim().split('\n').sort()).toEqual([
        'README.md',
        'collections/1-我的-shelf.md',
        'prompts/1-prompt-1.md',
        'prompts/2-prompt-2.md',
        'prompts/3-prompt-3.md',
        'prompts/4-旅遊-詩.md',
      ]);
      const poem = execFileSync('unzip', ['-p', join(dir, 'export.zip'), 'prompts/4-旅遊-詩.md'], {
        encoding: 'utf8',
        env: { ...process.env, LC_ALL: 'C.UTF-8' },
      });
      expect(poem).toMatch(/^---\ntitle: "旅遊 詩"\n[\s\S]*\n---\n\n寫一首關於\{\{城市\}\}的詩。\n$/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
    const files = readZip(zip);
    // A collection links to its owner's file of a prompt that came pages before it.
    expect(files.get('collections/1-我的-shelf.md')!.toString('utf8')).toContain(
      '- [Prompt 1](../prompts/1-prompt-1.md) ([on the site](http://localhost:4321/prompts/1))',
    );
    expect(files.get('README.md')!.toString('utf8')).toContain('- [旅遊 詩](prompts/4-旅遊-詩.md) (private, private)');
  });
});
