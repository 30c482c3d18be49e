import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listPrompts, searchOwnPromptIds, withMatches } from '../../projections/catalog/queries';
import { loadBrowse, loadCommunity } from '../../src/server/catalog/catalog-lists';
import { readBrowseState, readCommunityState } from '../../src/shared/list-params';
import { backends, freshApp } from '../support/backends';
import { fixture, FIXTURE_AUTHOR, publishFixtures, type FixturePrompt } from '../support/catalog-fixtures';

/**
 * The search engine (docs/search.md) on both backends: every expectation is an exact list, so
 * PGlite and PostgreSQL give the same answers.
 */

const author = FIXTURE_AUTHOR;

const fixtures: FixturePrompt[] = [
  fixture('Bug Hunter', 'Finds the bug behind an error.', 'Read the stack trace below and name the line that failed, then the likely cause.', 2, 'Ada'),
  fixture('會議紀錄整理', '把會議重點整理成清單。', '你是一位細心的行政秘書。請把以下會議內容整理成決議與待辦事項。', 1, '陳小姐'),
  fixture('旅遊行程規劃', '為香港出發的旅程安排每日行程。', '請按我的預算規劃五日旅遊行程。', 5),
  fixture('搜尋引擎優化', '改寫網頁標題。', '請為以下程式碼寫註解，並改善搜尋引擎排名。', 3),
  fixture('Café Menu Writer', 'Names for a small café.', 'Write five dishes.', 4, 'Zoë'),
  fixture('Translator', 'Turns English into Cantonese.', 'Translate the text, keep the tone.', 1),
  fixture('Cover Letter', 'A letter for a job.', 'Mention the translator role only if the job asks for one.', 1),
  fixture('Prompt Polisher', 'The polisher rewrites prompts to read clearly.', 'Tighten the wording.', 5),
  fixture('整理資料夾', '為電腦的資料夾命名。', '按日期排列檔案，並寫下每個檔案的資訊。', 5),
  fixture('Shoe Shine', 'Tips from the Shinepolisher brand.', 'Shine.', 5),
  { ...fixture('Hidden Draft', 'Never approved.', 'stack trace', 2), pending: true },
];

describe.each(backends)('the search engine on $name', (backend) => {
  let app: Awaited<ReturnType<typeof freshApp>>;
  let ids = new Map<string, number>();

  beforeAll(async () => {
    app = await freshApp(backend);
    ids = await publishFixtures(app, fixtures, 'search-engine-test');
  });
  afterAll(async () => app?.dispose());

  const titles = async (q: string) => (await listPrompts(app.db, { q, sort: 'relevance' })).map((p) => p.title);
  const sorted = async (q: string) => (await titles(q)).sort();
  /** Each query finds exactly these titles (in any order). */
  const finds = async (cases: Record<string, string[]>) => {
    for (const [q, found] of Object.entries(cases)) expect(await sorted(q), q).toEqual(found);
  };

  it('finds words in the content', () =>
    finds({
      'stack trace': ['Bug Hunter'],
      行政秘書: ['會議紀錄整理'],
    }));

  it('folds Traditional and Simplified, characters and phrases', () =>
    finds({
      旅游: ['旅遊行程規劃'],
      搜索引擎: ['搜尋引擎優化'],
      代码: ['搜尋引擎優化'],
      行政秘书: ['會議紀錄整理'],
      秘: ['會議紀錄整理'],
      文件夹: ['整理資料夾'],
    }));

  it("never folds a word into another: Taiwan's 行程 (a process) is an itinerary elsewhere", () =>
    finds({
      程序: [],
      进程: [],
      進程: [],
      行程: ['旅遊行程規劃'],
      // The Taiwanese word for code is still code.
      程式碼: ['搜尋引擎優化'],
    }));

  it('folds case, accents and full-width forms, and matches a word as a prefix', () =>
    finds({
      cafe: ['Café Menu Writer'],
      ＣＡＦＥ: ['Café Menu Writer'],
      transl: ['Cover Letter', 'Translator'],
    }));

  it('needs every word, in any field, and a quoted phrase as a phrase', () =>
    finds({
      'letter translator': ['Cover Letter'],
      '"trace stack"': [],
      '"stack trace"': ['Bug Hunter'],
    }));

  it('matches the category and the author name', () =>
    finds({
      coding: ['Bug Hunter'],
      陳小姐: ['會議紀錄整理'],
      zoe: ['Café Menu Writer'],
    }));

  it('ranks a title match above a mention in the body', async () => {
    expect(await titles('translator')).toEqual(['Translator', 'Cover Letter']);
  });

  it('pages a ranked list as one: the ranked matches, then the mentions in the body, across any page boundary', async () => {
    for (const q of ['translator', 'tranlsator', 'write', '整理', 'shine', 'stack']) {
      const all = (await listPrompts(app.db, { q, sort: 'relevance' })).map((p) => p.title);
      for (const size of [1, 2, 3]) {
        const paged: string[] = [];
        for (let offset = 0; offset <= all.length; offset += size)
          paged.push(...(await listPrompts(app.db, { q, sort: 'relevance', limit: size, offset })).map((p) => p.title));
        expect(paged, `${q} by ${size}`).toEqual(all);
      }
    }
    expect((await listPrompts(app.db, { q: 'translator', sort: 'relevance', limit: 1, offset: 1 })).map((p) => p.title)).toEqual(['Cover Letter']);
  });

  it('forgives one typo in a word of five letters or more: a letter swapped, missing, extra or wrong', async () => {
    expect(await titles('tranlsator')).toEqual(['Translator', 'Cover Letter']);
    expect(await sorted('promtps')).toEqual(['Prompt Polisher']);
    expect(await sorted('transaltor')).toEqual(['Cover Letter', 'Translator']);
    expect(await sorted('translatr')).toEqual(['Cover Letter', 'Translator']);
    expect(await sorted('translattor')).toEqual(['Cover Letter', 'Translator']);
    expect(await sorted('tighren wording')).toEqual(['Prompt Polisher']);
    expect(await sorted('ＴＲＡＮＬＳＡＴＯＲ')).toEqual(['Cover Letter', 'Translator']);
  });

  it('forgives no typo in a word under five letters, in a quoted phrase, or two typos', () =>
    finds({
      shien: ['Shoe Shine'],
      mneu: [],
      'menu wirter': ['Café Menu Writer'],
      '"tighren wording"': [],
      trnalsator: [],
      caef: [],
    }));

  it("marks what it found: a typo's stand-in, and the other script's spelling", async () => {
    const marks = async (q: string) =>
      (await withMatches(app.db, await listPrompts(app.db, { q, sort: 'relevance' }), q)).map((p) => ({
        title: p.match.title.map(([s, e]) => p.title.slice(s, e)),
        excerpt: p.match.excerpt?.ranges.map(([s, e]) => p.match.excerpt!.text.slice(s, e)) ?? [],
      }));
    expect(await marks('tranlsator')).toEqual([
      { title: ['Translator'], excerpt: [] },
      { title: [], excerpt: ['translator'] },
    ]);
    expect(await marks('代码')).toEqual([{ title: [], excerpt: ['程式碼'] }]);
    expect(await marks('旅游')).toEqual([{ title: ['旅遊'], excerpt: ['旅遊'] }]);
  });

  it("offers the other script's spelling when the query finds nothing and that finds something", async () => {
    // The mainland's 信息 and Hong Kong's and Taiwan's 資訊 are one thing written as two words.
    expect(await sorted('信息')).toEqual([]);
    const browse = await loadBrowse(app.db, readBrowseState(new URLSearchParams({ q: '信息' })));
    expect(browse).toEqual({ prompts: [], hasMore: false, otherSpelling: '資訊' });
    expect((await loadCommunity(app.db, readCommunityState(new URLSearchParams({ q: '信息' })))).otherSpelling).toBe('資訊');
    expect(await sorted('資訊')).toEqual(['整理資料夾']);
    // Nothing offered when the other spelling finds nothing either, or the query finds something.
    expect((await loadBrowse(app.db, readBrowseState(new URLSearchParams({ q: '信息', category: 'coding' })))).otherSpelling).toBeUndefined();
    expect((await loadBrowse(app.db, readBrowseState(new URLSearchParams({ q: '旅游' })))).otherSpelling).toBeUndefined();
  });

  it('ranks exact matches above typo matches', async () => {
    // "epolisher" is inside a word of a description (the substring rule: exact), and one letter from the title "Polisher".
    expect(await titles('epolisher')).toEqual(['Shoe Shine', 'Prompt Polisher']);
  });

  it('looks typos up among published words only: an unpublished prompt tells nothing', async () => {
    expect(await sorted('aproved')).toEqual([]);
    expect(await searchOwnPromptIds(app.db, author.userId, 'aproved')).toEqual([]);
    expect(await searchOwnPromptIds(app.db, author.userId, 'promtps')).toEqual([ids.get('Prompt Polisher')!]);
  });

  it("keeps the spec's sorts within the matches when chosen", async () => {
    const popular = await listPrompts(app.db, { q: 'translator', sort: 'popular' });
    expect(popular.map((p) => p.id)).toEqual([ids.get('Translator')!, ids.get('Cover Letter')!].sort((a, b) => b - a));
  });

  it("searches a person's own prompts, any status, with the same engine", async () => {
    expect((await searchOwnPromptIds(app.db, author.userId, 'stack trace')).sort()).toEqual([ids.get('Bug Hunter')!, ids.get('Hidden Draft')!].sort());
    expect(await searchOwnPromptIds(app.db, 12345, 'stack trace')).toEqual([]);
  });

  it('finds every prompt whose title or description holds the query as a substring (the spec rule)', async () => {
    const shown = fixtures.filter((f) => !f.pending);
    const haystacks = shown.map((f) => `${f.title}\n${f.description}`);
    const needle = fc
      .tuple(fc.nat({ max: haystacks.length - 1 }), fc.nat(), fc.integer({ min: 1, max: 8 }), fc.boolean())
      .map(([which, start, length, upper]) => {
        const chars = Array.from(haystacks[which]);
        const from = start % chars.length;
        const text = chars.slice(from, from + length).join('');
        return upper ? text.toUpperCase() : text;
      })
      .filter((q) => q.trim().length > 0);
    await fc.assert(
      fc.asyncProperty(needle, async (q) => {
        const expected = shown.filter((f, i) => haystacks[i].toLowerCase().includes(q.trim().toLowerCase())).map((f) => f.title);
        const found = await titles(q);
        for (const title of expected) expect(found).toContain(title);
      }),
      { numRuns: 60, seed: 20261127 },
    );
  });
});
