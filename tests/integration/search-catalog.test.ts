import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listPrompts } from '../../projections/catalog/queries';
import { documentGrams, queryGrams, searchText } from '../../projections/catalog/search';
import { backends, freshApp } from '../support/backends';
import { publishFixtures } from '../support/catalog-fixtures';

const fixtures = [
  { title: '正式商業電郵撰寫助手', description: '根據你提供的重點，撰寫語氣得體的正式電郵。', categoryId: 1 },
  { title: '學習計劃', description: '為你安排每星期的溫習時間表，適合考試前使用。', categoryId: 5 },
  { title: 'Email Subject Lines', description: 'Ten subject lines for a product launch EMAIL campaign.', categoryId: 3 },
  { title: 'Code Review Buddy', description: 'Reviews a pull request for bugs, naming and tests.', categoryId: 2 },
  { title: 'Story Seeds', description: 'Fifty percent off_the wall story ideas (100% original).', categoryId: 4 },
  { title: '寫詩', description: '一首關於秋天的短詩。Write a short autumn poem.', categoryId: 4 },
  { title: 'Pending Secret', description: 'This one is never approved, so search must not show it.', categoryId: 1, pending: true },
];

describe('search helpers', () => {
  it('lower-cases title and description apart', () => {
    expect(searchText('Hello', 'World')).toBe('hello\nworld');
  });
  it('indexes CJK characters and pairs, and asks for pairs (or the single character)', () => {
    expect(documentGrams('ab 電郵 x')).toEqual(['ab', '郵', '電', '電郵'].sort());
    expect(documentGrams('Hi, café')).toEqual(['Hi', 'af', 'ca', 'fé'].sort());
    expect(queryGrams('電郵')).toEqual(['電郵']);
    expect(queryGrams('商業電郵')).toEqual(['商業', '業電', '電郵'].sort());
    expect(queryGrams('詩')).toEqual(['詩']);
    expect(queryGrams('email')).toEqual([]);
    expect(queryGrams('co')).toEqual(['co']);
    expect(queryGrams('c ')).toEqual([]);
    expect(queryGrams('AI 助手')).toEqual(['助手']);
  });
});

describe.each(backends)('catalog search on $name', (backend) => {
  let app: Awaited<ReturnType<typeof freshApp>>;

  beforeAll(async () => {
    app = await freshApp(backend);
    const library = fixtures.map((f) => ({ ...f, content: `Prompt content for ${f.title}, long enough.`, authorName: 'Tester' }));
    await publishFixtures(app, library, 'search-test');
  });
  afterAll(async () => app?.dispose());

  const titles = async (q: string, extra: Parameters<typeof listPrompts>[1] = {}) => (await listPrompts(app.db, { q, ...extra })).map((p) => p.title).sort();

  it('finds two-character Traditional Chinese terms in titles and descriptions', async () => {
    expect(await titles('電郵')).toEqual(['正式商業電郵撰寫助手']);
    expect(await titles('溫習')).toEqual(['學習計劃']);
    expect(await titles('學習')).toEqual(['學習計劃']);
    expect(await titles('秋天')).toEqual(['寫詩']);
  });

  it('finds one-character and longer Chinese terms, and only contiguous ones', async () => {
    expect(await titles('詩')).toEqual(['寫詩']);
    expect(await titles('商業電郵')).toEqual(['正式商業電郵撰寫助手']);
    // Both pairs exist in the document, but not as one contiguous substring.
    expect(await titles('電郵正式')).toEqual([]);
  });

  it('matches Latin text case-insensitively as a substring of title or description', async () => {
    expect(await titles('email')).toEqual(['Email Subject Lines']);
    expect(await titles('EMAIL CAMP')).toEqual(['Email Subject Lines']);
    expect(await titles('view')).toEqual(['Code Review Buddy']);
    expect(await titles('  pull request ')).toEqual(['Code Review Buddy']);
    expect(await titles('autumn')).toEqual(['寫詩']);
    expect(await titles('co')).toEqual(['Code Review Buddy']);
    expect(await titles('ZY')).toEqual([]);
    expect(await titles('un')).toEqual(['Email Subject Lines']);
    expect(await titles('UM')).toEqual(['寫詩']);
  });

  it('matches words in any field, but a quoted phrase never across the boundary between title and description', async () => {
    expect(await titles('buddy reviews')).toEqual(['Code Review Buddy']);
    expect(await titles('"buddy reviews"')).toEqual([]);
  });

  it('treats LIKE wildcards literally and never shows unapproved prompts', async () => {
    expect(await titles('100%')).toEqual(['Story Seeds']);
    expect(await titles('off_the')).toEqual(['Story Seeds']);
    expect(await titles('%')).toEqual(['Story Seeds']);
    expect(await titles('_')).toEqual(['Story Seeds']);
    expect(await titles('secret')).toEqual([]);
  });

  it('combines search with category, and sorts rating ascending for the community page', async () => {
    expect(await titles('e', { categoryId: 2 })).toEqual(['Code Review Buddy']);
    const asc = await listPrompts(app.db, { sort: 'rating-asc' });
    expect(asc.map((p) => p.rating)).toEqual([...asc.map((p) => p.rating)].sort((a, b) => a - b));
  });
});
