import { describe, expect, it } from 'vitest';
import { DIFF_MAX_EDITS, diffRows, diffText, diffTokens, type DiffSegment, type DiffStats } from '../../modules/prompts/contracts';

/** The two texts the segments stand for: same + removed is the old one, same + added the new one. */
const sides = (segments: readonly DiffSegment[]) => ({
  before: segments
    .filter((s) => s.kind !== 'added')
    .map((s) => s.text)
    .join(''),
  after: segments
    .filter((s) => s.kind !== 'removed')
    .map((s) => s.text)
    .join(''),
});
const changes = (segments: readonly DiffSegment[]) => segments.filter((s) => s.kind !== 'same').map((s) => `${s.kind === 'added' ? '+' : '-'}${s.text}`);

/** A small seeded generator, so a failing case is the same case on every run. */
function random(seed: number) {
  return () => {
    seed = (seed * 1103515245 + 12345) & 0x7fffffff;
    return seed / 0x80000000;
  };
}
const pick = <T>(next: () => number, list: readonly T[]) => list[Math.floor(next() * list.length)];

/** The longest common subsequence's length, by the textbook table (small inputs only). */
function lcs(a: readonly string[], b: readonly string[]): number {
  const row = new Array<number>(b.length + 1).fill(0);
  for (const x of a) {
    let diagonal = 0;
    for (let j = 1; j <= b.length; j++) {
      const above = row[j];
      row[j] = x === b[j - 1] ? diagonal + 1 : Math.max(row[j], row[j - 1]);
      diagonal = above;
    }
  }
  return row[b.length];
}

describe('the diff of two versions', () => {
  it('cuts Latin text into words and keeps every space and line break', () => {
    expect(diffTokens('Hello,  world\nnew_line 42 café')).toEqual(['Hello', ',', '  ', 'world', '\n', 'new_line', ' ', '42', ' ', 'café']);
    expect(diffTokens('a\r\nb')).toEqual(['a', '\r\n', 'b']);
  });

  it('compares Latin text word by word: a changed word is removed and added whole', () => {
    const segments = diffText('The quick brown fox jumps', 'The slow brown cat jumps high');
    expect(changes(segments)).toEqual(['-quick', '+slow', '-fox', '+cat', '+ high']);
    expect(sides(segments)).toEqual({ before: 'The quick brown fox jumps', after: 'The slow brown cat jumps high' });
  });

  it('shows two neighbouring changed words as one change, not two around a kept space', () => {
    expect(diffText('say a b now', 'say c d now')).toEqual([
      { kind: 'same', text: 'say ' },
      { kind: 'removed', text: 'a b' },
      { kind: 'added', text: 'c d' },
      { kind: 'same', text: ' now' },
    ]);
  });

  it('keeps a change of spacing visible', () => {
    const segments = diffText('one two', 'one  two');
    expect(changes(segments)).toEqual(['- ', '+  ']);
  });

  it('compares Chinese character by character', () => {
    const segments = diffText('請寫一篇關於主題的文章', '請寫一篇關於{{主題}}的短文');
    expect(segments).toEqual([
      { kind: 'same', text: '請寫一篇關於' },
      { kind: 'added', text: '{{' },
      { kind: 'same', text: '主題' },
      { kind: 'added', text: '}}' },
      { kind: 'same', text: '的' },
      { kind: 'added', text: '短' },
      { kind: 'same', text: '文' },
      { kind: 'removed', text: '章' },
    ]);
    expect(diffTokens('你好，世界。')).toEqual(['你', '好', '，', '世', '界', '。']);
  });

  it('compares mixed text by words and by characters at once', () => {
    expect(diffTokens('用English寫report')).toEqual(['用', 'English', '寫', 'report']);
    const segments = diffText('Write about 季度報告 in English', 'Write about 年度報告 in 中文');
    expect(changes(segments)).toEqual(['-季', '+年', '-English', '+中文']);
    expect(sides(segments).after).toBe('Write about 年度報告 in 中文');
  });

  it('answers nothing for two empty texts and one segment for identical ones', () => {
    expect(diffText('', '')).toEqual([]);
    expect(diffText('Same text\n兩行', 'Same text\n兩行')).toEqual([{ kind: 'same', text: 'Same text\n兩行' }]);
    expect(diffText('', 'new')).toEqual([{ kind: 'added', text: 'new' }]);
    expect(diffText('old', '')).toEqual([{ kind: 'removed', text: 'old' }]);
  });

  it('always joins back into both texts, with a shortest edit (random cases, seeded)', () => {
    const next = random(20);
    const words = ['the', 'a', 'prompt', '主', '題', ' ', '  ', '\n', ',', '{{', '}}', 'tone', '語', 'é'];
    for (let i = 0; i < 300; i++) {
      const text = () => Array.from({ length: Math.floor(next() * 30) }, () => pick(next, words)).join('');
      const [before, after] = [text(), text()];
      const segments = diffText(before, after);
      expect(sides(segments)).toEqual({ before, after });
      // Neighbours never share a kind, and no segment is empty.
      segments.forEach((s, j) => {
        expect(s.text).not.toBe('');
        if (j > 0) expect(s.kind === segments[j - 1].kind).toBe(false);
      });
    }
  });

  it('finds a shortest edit: every kept character counts (character-level text, where spaces play no part)', () => {
    const next = random(7);
    for (let i = 0; i < 200; i++) {
      const text = () => Array.from({ length: Math.floor(next() * 25) }, () => pick(next, ['主', '題', '語', '氣', '文'])).join('');
      const [before, after] = [text(), text()];
      const kept = diffText(before, after)
        .filter((s) => s.kind === 'same')
        .reduce((n, s) => n + [...s.text].length, 0);
      expect(kept).toBe(lcs([...before], [...after]));
    }
  });

  it('bounds the work on long rewrites: coarser, never wrong', () => {
    const next = random(3);
    const word = () => Array.from({ length: 4 }, () => pick(next, [...'abcdefghij'])).join('');
    const text = (count: number) => Array.from({ length: count }, (_, i) => (i % 12 === 11 ? `${word()}\n` : word())).join(' ');
    const [before, after] = [text(5000), text(5000)];
    const stats: DiffStats = { steps: 0 };
    const segments = diffText(before, after, { stats });
    expect(sides(segments)).toEqual({ before, after });
    // Two bounded passes (words, then lines): far below the 10^8 comparisons of a full table.
    expect(stats.steps).toBeLessThan(4 * (DIFF_MAX_EDITS + 1) * (DIFF_MAX_EDITS + 2));
  });

  it('still finds a small edit word by word in a long text, cheaply', () => {
    const long = Array.from({ length: 4000 }, (_, i) => `word${i}`).join(' ');
    const stats: DiffStats = { steps: 0 };
    const segments = diffText(long, long.replace('word2000', 'changed'), { stats });
    expect(changes(segments)).toEqual(['-word2000', '+changed']);
    expect(stats.steps).toBeLessThan(10);
  });

  it('falls back to lines, then to the whole middle, past the bound', () => {
    const before = 'keep\none two three\nend';
    const after = 'keep\nfour five six\nend';
    expect(changes(diffText(before, after, { maxEdits: 2 }))).toEqual(['-one two three\n', '+four five six\n']);
    expect(changes(diffText('a b c', 'd e f', { maxEdits: 1 }))).toEqual(['-a b c', '+d e f']);
  });
});

describe('side-by-side rows', () => {
  it('faces kept lines each other and keeps a changed line in its row', () => {
    const rows = diffRows(diffText('a\nb\nc\n', 'a\nB\nc\nd'));
    expect(rows.map((r) => r.changed)).toEqual([false, true, false, true]);
    expect(rows[1]).toEqual({
      before: [
        { kind: 'removed', text: 'b' },
        { kind: 'same', text: '\n' },
      ],
      after: [
        { kind: 'added', text: 'B' },
        { kind: 'same', text: '\n' },
      ],
      changed: true,
    });
    expect(rows[3]).toEqual({ before: [], after: [{ kind: 'added', text: 'd' }], changed: true });
  });

  it('puts added lines in one row beside nothing on the old side', () => {
    const rows = diffRows(diffText('one\ntwo', 'one\nnew line\ntwo'));
    expect(rows).toHaveLength(3);
    expect(rows[1].before).toEqual([]);
    expect(rows[1].after.map((s) => s.text).join('')).toBe('new line\n');
  });

  it('gives no rows for two empty texts', () => {
    expect(diffRows(diffText('', ''))).toEqual([]);
  });
});
