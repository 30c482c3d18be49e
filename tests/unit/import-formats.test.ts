import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { readImportFile, readMarkdownFiles, UnreadableImport } from '../../modules/portability';

const sample = (name: string) => readFileSync(`tests/fixtures/formats/${name}`, 'utf8');
const brief = (list: { title: string; content: string }[]) => list.map((c) => [c.title, c.content.slice(0, 12)]);

describe("reading other tools' exports", () => {
  it('prompts.chat CSV: by header name, multi-line prompts, for_devs as the coding category', () => {
    const got = readImportFile('prompts-chat-csv', sample('prompts-chat.csv'));
    expect(got.map((c) => [c.item, c.title, c.category])).toEqual([
      [1, 'Polite Email Rewriter', null],
      [2, 'Code Review Buddy', 'coding'],
      [3, '旅遊行程規劃師 ✈️', null],
      [4, 'Poster Brief', null],
    ]);
    expect(got[0].content).toBe('Rewrite the email below so it sounds polite, clear and short. Keep the meaning.\n\nEmail:\n${email}');
    expect(got[1].content).toContain('reply "LGTM"');
  });

  it('prompts.chat CSV of 2022 (every field quoted, only act and prompt)', () => {
    expect(readImportFile('prompts-chat-csv', '"act","prompt"\n"Linux Terminal","I want you to act as a linux terminal."\n')).toEqual([
      { item: 1, line: 2, title: 'Linux Terminal', description: '', content: 'I want you to act as a linux terminal.', category: null },
    ]);
  });

  it('prompts.chat JSON: title, description (null is empty) and our category when it names one', () => {
    const got = readImportFile('prompts-chat-json', sample('prompts-chat.json'));
    expect(got.map((c) => [c.title, c.description, c.category])).toEqual([
      ['旅遊行程規劃師 ✈️', 'Plans a short trip day by day', null],
      ['Code Review Buddy', '', 'coding'],
      ['Poster Brief', 'JSON brief for an image model', null],
    ]);
  });

  it('Open WebUI: name (v0.8+) or title (older), content with its own placeholders left for the conversion', () => {
    for (const file of ['open-webui-prompts.json', 'open-webui-prompts-legacy.json']) {
      const got = readImportFile('open-webui-json', sample(file));
      expect(got.map((c) => c.title)).toEqual(['Polite email', '活動公告 📣', 'Meeting notes']);
      expect(got[0].content).toContain('{{audience | select:options=');
    }
  });

  it('AI Prompt Genius: v5 JSON (text is the body), its CSV by position, and the old archive', () => {
    const json = readImportFile('ai-prompt-genius', sample('ai-prompt-genius.json'));
    expect(brief(json)).toEqual([
      ['Polite email ✉️', 'Rewrite this'],
      ['旅遊行程規劃師', '請為我規劃{{天數::n'],
      ['Greeting picker', '{{Formal::li'],
      ['Old record', 'Explain {{to'],
    ]);
    expect(json[0].description).toBe('Makes drafts sound friendly, not "stiff"');
    const csv = readImportFile('ai-prompt-genius', sample('ai-prompt-genius.csv'));
    expect(csv.map(({ title, description, content }) => ({ title, description, content }))).toEqual(
      json.map(({ title, description, content }) => ({ title, description, content })),
    );
    const archive = readImportFile('ai-prompt-genius', sample('ai-prompt-genius-v3-archive.txt'));
    expect(archive.length).toBeGreaterThan(0);
    expect(archive.every((c) => c.title && c.content)).toBe(true);
  });

  it('AiShort (online and offline): the body is "prompt", the remark or notes the description', () => {
    const online = readImportFile('aishort-json', sample('aishort-export.json'));
    expect(online.map((c) => [c.title, c.description, c.content])).toEqual([
      ['Friendly translator', 'Plain, natural wording', 'Translate [text to translate] into English. Keep names, numbers and "quoted" terms unchanged.'],
      ['週報整理小幫手 📝', '每週五使用', '請把[本週工作紀錄]整理成三點重點，再列出下週待辦。'],
    ]);
    expect(readImportFile('aishort-json', sample('aishort-export-offline.json')).map((c) => c.title)).toEqual(['週報整理小幫手 📝']);
  });

  it("Markdown: prompts.chat's single file (plain front matter) and Promptory's zip (JSON-quoted), indexes skipped", () => {
    expect(readMarkdownFiles([{ path: 'abc_travel.prompt.md', text: sample('prompts-chat.prompt.md') }])).toEqual([
      {
        item: 1,
        title: '旅遊行程規劃師 ✈️',
        description: 'Plans a short trip day by day',
        content: '請為我規劃${天數:3}天的${城市}旅遊行程。\nAdd one budget line per day: ${budget}',
        category: null,
      },
    ]);
    const exported = [
      { path: 'README.md', text: '# Me: Promptory export\n' },
      { path: 'collections/1-trips.md', text: '---\nname: "Trips"\n---\n\n# Trips\n' },
      { path: 'prompts/7-a-b.md', text: '---\ntitle: "A: \\"b\\" # c"\ndescription: "Line one\\nline two"\ncategory: "coding"\n---\n\nBody {{x}}\n' },
    ];
    expect(readMarkdownFiles(exported)).toEqual([
      { item: 1, title: 'A: "b" # c', description: 'Line one\nline two', content: 'Body {{x}}', category: 'coding' },
    ]);
  });

  it('brings the tags of every format that has them: lists, prompts.chat objects, `;` in a CSV, a comma string in the old archive', () => {
    const tagsIn = (format: Parameters<typeof readImportFile>[0], file: string) => readImportFile(format, sample(file)).map((c) => c.tags ?? []);
    expect(tagsIn('prompts-chat-json', 'prompts-chat.json')).toEqual([['旅遊'], [], ['Writing']]);
    expect(tagsIn('open-webui-json', 'open-webui-prompts.json')).toEqual([['email', 'writing'], ['公告'], []]);
    expect(tagsIn('open-webui-json', 'open-webui-prompts-legacy.json')).toEqual([[], [], []]);
    expect(tagsIn('ai-prompt-genius', 'ai-prompt-genius.json')).toEqual([['email', 'work'], ['旅遊', '生活'], [], ['legacy']]);
    expect(tagsIn('ai-prompt-genius', 'ai-prompt-genius.csv')).toEqual([['email', 'work'], ['旅遊', '生活'], [], ['legacy']]);
    expect(tagsIn('ai-prompt-genius', 'ai-prompt-genius-v3-archive.txt')).toEqual([['writing', 'fiction'], ['工作'], ['persona', 'roleplay']]);
    expect(tagsIn('prompthub-json', 'prompthub-backup.json')[0]).toEqual(['旅遊']);
    expect(tagsIn('prompts-chat-csv', 'prompts-chat.csv').every((t) => t.length === 0)).toBe(true);
  });

  it('says why a file cannot be read as the chosen format', () => {
    expect(() => readImportFile('open-webui-json', 'not json')).toThrow(UnreadableImport);
    expect(() => readImportFile('promptory-json', '{"prompts": []}')).toThrow(/not a Promptory export/);
    expect(() => readImportFile('prompts-chat-csv', 'title,content\nA,B')).toThrow(/"act" and "prompt"/);
    expect(() => readImportFile('aishort-json', '{"items": []}')).toThrow(/no "prompts" list/);
    expect(() => readMarkdownFiles([{ path: 'notes.txt', text: 'x' }])).toThrow(/no Markdown/);
  });
});
