import { describe, expect, it } from 'vitest';
import { Locale } from 'opencc-js/t2cn';
import { fold, tokens, TW_PHRASES_NOT_FOLDED } from '../../projections/search-fold';
import { parseQuery } from '../../projections/search-query';
import { documentVector, promptSearchVectors } from '../../projections/search-vector';
import { highlightRanges, searchMatch } from '../../projections/search-highlight';

describe('folding: one function for the index and the query', () => {
  it.each([
    ['Café', 'cafe'],
    ['ＳＴＡＣＫ　ｔｒａｃｅ', 'stack trace'],
    ['Ñandú Über', 'nandu uber'],
    ['旅遊', '旅游'],
    ['搜尋引擎', '搜索引擎'],
    ['程式碼', '代码'],
    ['行政秘書', '行政秘书'],
    ['軟體', '软件'],
    ['滑鼠', '鼠标'],
    ['代码', '代码'],
    ['裏面', '里面'],
    ['資料庫', '数据库'],
    ['資料夾', '文件夹'],
    // Taiwan's words that are other words elsewhere keep their characters.
    ['旅遊行程', '旅游行程'],
    ['程序', '程序'],
    ['資料', '资料'],
    ['即時', '即时'],
    ['複製', '复制'],
    // Japanese voicing marks change the word: they stay.
    ['ガイド', 'ガイド'],
  ])('%s folds to %s', (text, folded) => {
    expect(fold(text)).toBe(folded);
  });

  // A query matches a Chinese text when its folded run is in the text's folded run: each pair is
  // tried both ways, as the indexed text and as the query.
  const finds = (text: string, query: string) => fold(text).includes(fold(query));

  // Same words in the other script find each other; a word that only shares characters does not.
  it.each([
    ['程式碼', '代码', true],
    ['搜尋', '搜索', true],
    ['旅遊', '旅游', true],
    ['搜尋引擎', '搜索引擎', true],
    ['資料庫', '数据库', true],
    ['資料夾', '文件夹', true],
    ['軟體', '软件', true],
    ['程式', '程序', true],
    ['複製', '复制', true],
    ['查詢', '查询', true],
    ['行程', '程序', false],
    ['行程', '进程', false],
    ['行程', '進程', false],
    ['旅遊行程規劃', '程序', false],
    ['旅遊行程規劃', '进程', false],
    ['資料', '数据', false],
    ['即時', '实时', false],
  ])('%s and %s find each other: %s', (a, b, found) => {
    expect(finds(a, b)).toBe(found);
    expect(finds(b, a)).toBe(found);
  });

  it('leaves out only rules opencc has (an upgrade that drops one shows here)', () => {
    const [[twPhrases]] = Locale.from.twp as [[string]];
    const sources = new Set(twPhrases.split('|').map((rule) => rule.slice(0, rule.indexOf(' '))));
    expect([...TW_PHRASES_NOT_FOLDED].filter((word) => !sources.has(word))).toEqual([]);
  });

  it('splits words and CJK runs, a CJK run taking one position per character', () => {
    expect(tokens(fold('GPT-4 寫電郵 now'))).toEqual([
      { text: 'gpt', cjk: false, position: 1 },
      { text: '4', cjk: false, position: 2 },
      { text: '写电邮', cjk: true, position: 3 },
      { text: 'now', cjk: false, position: 6 },
    ]);
  });
});

describe('the document vector', () => {
  it('holds Latin words, and CJK characters and pairs, weighted by field', () => {
    expect(documentVector([{ text: 'Bug 電郵', weight: 'A' }])).toBe("'bug':1A '电':2A '电邮':2A '邮':3A");
  });

  it('keeps fields apart, so a phrase never spans two', () => {
    const v = documentVector([
      { text: 'one', weight: 'A' },
      { text: 'two', weight: 'C' },
    ]);
    expect(v).toBe("'one':1A 'two':12C");
  });

  it('ranks on a head without the content, and indexes category and author', () => {
    const { all, head } = promptSearchVectors({ title: 'T', description: 'D', content: 'body words', categoryName: 'Coding', authorName: '陳大文' });
    expect(head).not.toContain('body');
    expect(all).toContain("'body'");
    expect(all).toMatch(/'coding':\d+C/);
    expect(all).toMatch(/'陈大':\d+D/);
  });
});

describe('the query parser (golden)', () => {
  it.each([
    ['stack trace', "'stack':* & 'trace':*"],
    ['"stack trace"', "('stack' <-> 'trace')"],
    ['「搜尋引擎」', "('搜索' <-> '索引' <-> '引擎')"],
    ['transl', "'transl':*"],
    ['AI', "'ai'"],
    ['CAFÉ', "'cafe':*"],
    ['旅遊', "'旅游'"],
    ['秘', "'秘'"],
    ['行政秘書', "('行政' <-> '政秘' <-> '秘书')"],
    ['程式碼', "'代码'"],
    ['gpt-4', "('gpt':* <-> '4')"],
    ['寫 email', "'写' & 'email':*"],
    ['寫email', "('写' <-> 'email':*)"],
    ['電郵abc', "('电邮' <2> 'abc':*)"],
    ['stack stack', "'stack':*"],
  ])('%s → %s', (q, tsquery) => {
    expect(parseQuery(q).tsquery).toBe(tsquery);
  });

  it('has no words query for punctuation alone (the substring rule still answers)', () => {
    expect(parseQuery('%_ !!').tsquery).toBeNull();
    expect(parseQuery('').tsquery).toBeNull();
  });

  it('names the folded terms for highlighting', () => {
    expect(parseQuery('Stack "搜尋 引擎"').terms).toEqual(['stack', '搜索', '引擎']);
  });

  it("never lets the user's text out of its quotes", () => {
    for (const q of ["it's", "a' | 'b", '\\', "'':*", '<->']) {
      const { tsquery } = parseQuery(q);
      if (tsquery) expect(tsquery).toMatch(/^[\p{L}\p{N}\p{M}'():*<>\-& ]+$/u);
    }
    expect(parseQuery("a' | 'b").tsquery).toBe("'a' & 'b'");
  });
});

describe('highlighting', () => {
  const marked = (text: string, ranges: [number, number][]) => ranges.map(([s, e]) => text.slice(s, e));

  it('marks words at their start, in the original spelling', () => {
    const title = 'Café Translator — TRANSLATE a caféteria menu';
    const { title: ranges } = searchMatch({ title, content: '' }, 'cafe transl');
    expect(marked(title, ranges)).toEqual(['Café', 'Transl', 'TRANSL', 'café']);
    expect(highlightRanges('latest', ['test'])).toEqual([]);
  });

  it('marks Chinese in either script, and characters outside the basic plane', () => {
    expect(marked('會議的行政秘書', highlightRanges('會議的行政秘書', parseQuery('行政秘书').terms))).toEqual(['行政秘書']);
    const text = '𠮷野家 旅遊';
    expect(marked(text, highlightRanges(text, parseQuery('旅游').terms))).toEqual(['旅遊']);
  });

  it.each([
    // Phrase-level conversions, marked through the alignment of the whole fold with the original.
    ['請為以下程式碼寫註解', '代码', ['程式碼']],
    ['用滑鼠點擊𠮷野家', '鼠标', ['滑鼠']],
    ['用滑鼠點擊𠮷野家', '野家', ['野家']],
    ['軟體與資料庫', '软件 数据库', ['軟體', '資料庫']],
    ['網路上的影片', '视频', ['影片']],
    ['改善搜尋引擎排名', '搜索引擎', ['搜尋引擎']],
    ['旅遊行程規劃', '行程', ['行程']],
    ['旅遊行程規劃', '进程', []],
    ['旅遊行程規劃', '程序', []],
    // Full-width and half-width, accents composed or not, either side.
    ['ＣＡＦＥ menu', 'cafe', ['ＣＡＦＥ']],
    ['Café menu', 'ｃａｆé', ['Café']],
    ['A cafe\u0301 menu', 'CAFE', ['cafe\u0301']],
    ['Zoë and Zoe', 'zoe', ['Zoë', 'Zoe']],
  ])('marks %s for %s where the other spelling stands', (text, q, marks) => {
    expect(marked(text, highlightRanges(text, parseQuery(q).terms))).toEqual(marks);
  });

  it('gives an excerpt of the content around the first match', () => {
    const content = `${'Lorem ipsum dolor sit amet. '.repeat(20)}Read the stack trace below. ${'More words here. '.repeat(20)}`;
    const { excerpt } = searchMatch({ title: 'Bug Hunter', content }, 'stack trace');
    expect(excerpt!.text.startsWith('…')).toBe(true);
    expect(excerpt!.text.length).toBeLessThan(200);
    expect(marked(excerpt!.text, excerpt!.ranges)).toEqual(['stack', 'trace']);
    expect(searchMatch({ title: 'x', content: 'nothing here' }, 'stack').excerpt).toBeNull();
  });

  it('keeps hostile text as text: ranges only, never markup', () => {
    const content = '<img src=x onerror=alert(1)>"><script>payload()</script>';
    const { excerpt } = searchMatch({ title: '<b>payload</b>', content }, 'payload');
    expect(excerpt!.text).toContain('<script>');
    expect(marked(excerpt!.text, excerpt!.ranges)).toEqual(['payload']);
  });
});
