import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { DomainError } from '../../events';
import { IMPORT_LIMITS } from '../../modules/portability';
import { planImport, type ImportInput } from '../../src/server/portability/import-plan';
import { createZip } from '../../src/server/zip';

const sample = (name: string) => readFileSync(`tests/fixtures/formats/${name}`, 'utf8');
const SITE = 'http://localhost:4321';
/** A file sent as text with its format, as the import's first clients send it. */
const planText = (format: ImportInput['format'], content: string, ...rest: [string, readonly string[], string]) => planImport({ format, content }, ...rest);

describe('planning an import', () => {
  it("turns other tools' placeholders into variables and makes a description where the tool keeps none", () => {
    const plan = planText('prompts-chat-csv', sample('prompts-chat.csv'), 'Mei', [], SITE);
    expect(plan.counts).toEqual({ new: 4, duplicate: 0, invalid: 0 });
    const [email, review, trip] = plan.importable.map((p) => p.request);
    expect(email.content).toBe('Rewrite the email below so it sounds polite, clear and short. Keep the meaning.\n\nEmail:\n{{email}}');
    expect(email.description).toBe(
      'Imported from prompts.chat: Rewrite the email below so it sounds polite, clear and short. Keep the meaning. Email: {{email}}',
    );
    expect(review).toMatchObject({ categoryId: 2, visibility: 'private', authorName: 'Mei' });
    expect(review.content).toContain('{{language:TypeScript}}');
    expect(trip.content).toBe('請為我規劃{{天數:3}}天的{{城市}}旅遊行程，每天列出早、午、晚的安排，並附上預算建議（新台幣）。');
    expect(plan.items[2]).toMatchObject({ item: 3, outcome: 'new', variables: ['天數', '城市'], converted: 2, promptId: null });
  });

  it('skips what the user already has (the same content, case and spacing aside) and repeats within the file', () => {
    const csv = 'act,prompt\nFirst one,Explain {{topic}} simply please\nAgain,explain   {{TOPIC}} SIMPLY please\nNew one,Something else entirely here\n';
    const plan = planText('prompts-chat-csv', csv, 'Mei', ['Something ELSE entirely here'], SITE);
    expect(plan.items.map((i) => i.outcome)).toEqual(['new', 'duplicate', 'duplicate']);
    expect(plan.importable.map((p) => p.item)).toEqual([1]);
  });

  it("names an invalid prompt's problems with the server's own codes and limits, and an empty prompt column by its line", () => {
    const plan = planText('prompts-chat-csv', 'act,prompt\nOK,short but kept\n"Two\nlines",A prompt long enough\nEmpty,\n', 'Mei', [], SITE);
    expect(plan.counts).toEqual({ new: 1, duplicate: 0, invalid: 2 });
    expect(plan.items[0].issues).toEqual([
      expect.objectContaining({ path: ['title'], code: 'too_small', limit: 3, message: 'Title must be at least 3 characters.' }),
    ]);
    // The record of item 2 spans lines 3 and 4: item 3 starts on line 5.
    expect(plan.items[2]).toMatchObject({
      line: 5,
      outcome: 'invalid',
      issues: [{ path: ['content'], code: 'empty_column', message: 'Line 5: the prompt column is empty.' }],
    });
  });

  it('keeps a private prompt whole up to 200,000 characters, and shortens an over-long title at a word, keeping it whole in the description', () => {
    const long = 'word '.repeat(30_000).trim();
    const title = `${'A very long title that goes on '.repeat(4)}and on`;
    const plan = planText('prompts-chat-csv', `act,prompt\n${title},${long}\nToo long,${'x'.repeat(200_001)}\n`, 'Mei', [], SITE);
    expect(plan.items.map((i) => i.outcome)).toEqual(['new', 'invalid']);
    const [kept] = plan.importable.map((p) => p.request);
    expect(kept.content).toBe(long);
    expect(kept.title.length).toBeLessThanOrEqual(100);
    // Cut after a whole word of the title, marked with an ellipsis.
    expect(kept.title.endsWith('…')).toBe(true);
    expect(title.startsWith(`${kept.title.slice(0, -1)} `)).toBe(true);
    expect(kept.description.startsWith(`Full title: ${title}\n\n`)).toBe(true);
    expect(plan.items[0]).toMatchObject({ title: kept.title, fullTitle: title });
    expect(plan.items[1].issues).toEqual([expect.objectContaining({ path: ['content'], code: 'too_big', limit: 200_000 })]);
  });

  it("reads Open WebUI's typed variables and AI Prompt Genius's as choices and defaults", () => {
    const webui = planText('open-webui-json', sample('open-webui-prompts.json'), 'Mei', [], SITE);
    expect(webui.importable[0].request.content).toContain('{{audience:customers|executives|new hires}}');
    const genius = planText('ai-prompt-genius', sample('ai-prompt-genius.json'), 'Mei', [], SITE);
    expect(genius.importable[0].request.content).toContain('{{Recipient:manager|client|teammate}}');
  });

  it('opens a Promptory Markdown zip sent as base64, its front matter tags included', () => {
    const zip = createZip([
      { path: 'README.md', data: Buffer.from('# index') },
      {
        path: 'prompts/1-a.md',
        data: Buffer.from(
          '---\ntitle: "Zipped prompt"\ndescription: "Came in a zip file."\ncategory: "education"\ntags: ["school", "子女"]\n---\n\nTeach {{topic}} to a child.\n',
        ),
      },
    ]);
    const plan = planText('markdown', zip.toString('base64'), 'Mei', [], SITE);
    expect(plan.importable).toEqual([
      {
        item: 1,
        request: expect.objectContaining({ title: 'Zipped prompt', categoryId: 5, content: 'Teach {{topic}} to a child.' }),
        edits: [],
        tags: ['school', '子女'],
      },
    ]);
  });

  it("brings a Promptory export's collections of this site, oldest first, their prompts in the order they were added", () => {
    const collection = (name: string, description: string | null, promptIds: number[]) => ({
      name,
      description,
      isPublic: name.startsWith('Public'),
      createdAt: '2026-11-01T00:00:00.000Z',
      prompts: promptIds.map((promptId) => ({ promptId, title: null, addedAt: '2026-11-02T00:00:00.000Z' })),
    });
    const exported = (site: string) =>
      JSON.stringify({
        format: 'promptory-export',
        site,
        prompts: [{ title: 'Mine', description: 'A prompt of my own here.', content: 'Say {{hello}} to all.', category: 'writing', versions: [] }],
        // Newest first, as exported: the newest collection, each one's newest prompt first.
        collections: [collection('Public picks', 'Prompts I like to share.', [9, 4]), collection('No', null, [1]), collection('Reading list', null, [3])],
      });
    const plan = planText('promptory-json', exported(SITE), 'Mei', [], SITE);
    // "No" is under the collection form's 3 characters: left out, like an invalid prompt.
    expect(plan.planned).toEqual([
      { collection: { name: 'Reading list', description: null, isPublic: false }, promptIds: [3] },
      { collection: { name: 'Public picks', description: 'Prompts I like to share.', isPublic: true }, promptIds: [4, 9] },
    ]);
    expect(plan.collections).toBe(2);
    // Another site's ids name nothing here: its collections come empty.
    expect(planText('promptory-json', exported('https://elsewhere.example'), 'Mei', [], SITE).planned.map((p) => p.promptIds)).toEqual([[], []]);

    const zip = createZip([
      { path: 'prompts/1-a.md', data: Buffer.from('---\ntitle: "A"\ndescription: "A prompt from the zip."\n---\n\nSay {{hello}} to all.\n') },
      ...[
        ['1-public-picks', 'Public picks', 'true', `- [Mine](../prompts/1-a.md) ([on the site](${SITE}/prompts/9))\n- [Theirs](${SITE}/prompts/4)`],
        ['2-reading-list', 'Reading list', 'false', `- [Old](${SITE}/prompts/3)`],
      ].map(([file, name, pub, lines]) => ({
        path: `collections/${file}.md`,
        data: Buffer.from(`---\nname: "${name}"\ndescription: ""\npublic: ${pub}\nprompts: 1\n---\n\n# ${name}\n\n${lines}\n`),
      })),
    ]);
    expect(planText('markdown', zip.toString('base64'), 'Mei', [], SITE).planned).toEqual([
      { collection: { name: 'Reading list', description: null, isPublic: false }, promptIds: [3] },
      { collection: { name: 'Public picks', description: null, isPublic: true }, promptIds: [4, 9] },
    ]);
  });

  it('refuses an unreadable file, an empty one and one past the prompt limit as a whole', () => {
    const refusal = (run: () => unknown) => {
      try {
        run();
      } catch (error) {
        expect(error).toBeInstanceOf(DomainError);
        return (error as DomainError).issues?.[0];
      }
      throw new Error('not refused');
    };
    expect(refusal(() => planText('open-webui-json', '{oops', 'Mei', [], SITE))).toMatchObject({ path: ['content'], code: 'custom' });
    expect(refusal(() => planText('open-webui-json', '[]', 'Mei', [], SITE))).toMatchObject({ message: 'There are no prompts in this file.' });
    const many = 'act,prompt\n' + Array.from({ length: IMPORT_LIMITS.prompts + 1 }, (_, i) => `P${i},Prompt number ${i} here`).join('\n');
    expect(refusal(() => planText('prompts-chat-csv', many, 'Mei', [], SITE))).toMatchObject({ code: 'too_big', limit: IMPORT_LIMITS.prompts });
  });
});
