import { describe, expect, it } from 'vitest';
import { DUPLICATE_THRESHOLD, features, signature, similarity, SimilarityIndex } from '../../modules/prompts/similarity';
import { duplicatePairs, type DuplicatePair } from '../fixtures/duplicate-pairs';

/** Precision and recall of "similarity ≥ DUPLICATE_THRESHOLD" against the fixture's labels. */
function score(pairs: readonly DuplicatePair[]) {
  let tp = 0;
  let fp = 0;
  let fn = 0;
  for (const p of pairs) {
    const flagged = similarity(p.a, p.b) >= DUPLICATE_THRESHOLD;
    if (flagged && p.duplicate) tp++;
    else if (flagged) fp++;
    else if (p.duplicate) fn++;
  }
  return { precision: tp / (tp + fp), recall: tp / (tp + fn) };
}

describe('near-duplicate detection in Chinese and English', () => {
  it('the fixture holds at least 20 pairs, duplicates and not, in zh-HK and English', () => {
    expect(duplicatePairs.length).toBeGreaterThanOrEqual(20);
    for (const lang of ['en', 'zh-HK'] as const)
      for (const duplicate of [true, false])
        expect(duplicatePairs.filter((p) => p.lang === lang && p.duplicate === duplicate).length).toBeGreaterThanOrEqual(5);
  });

  it('finds the duplicates with precision and recall of at least 0.9, overall and in each language', () => {
    const overall = score(duplicatePairs);
    expect(overall.precision).toBeGreaterThanOrEqual(0.9);
    expect(overall.recall).toBeGreaterThanOrEqual(0.9);
    for (const lang of ['en', 'zh-HK'] as const) {
      const { precision, recall } = score(duplicatePairs.filter((p) => p.lang === lang));
      expect([lang, precision >= 0.9, recall >= 0.9]).toEqual([lang, true, true]);
    }
  });

  it('Chinese text has features of its own (an ASCII-only normaliser would give every Chinese prompt the same empty key)', () => {
    expect([...features('翻譯', '請翻譯')]).toEqual(['翻譯', '請翻']);
    expect(similarity({ title: '寫詩', content: '寫一首關於秋天的詩' }, { title: '食譜', content: '推介三款簡單的早餐食譜' })).toBe(0);
  });

  it('case, full-width letters, punctuation and spacing do not count; word order within a phrase does', () => {
    expect(features('Hello,  World!', '')).toEqual(features('ＨＥＬＬＯ world', ''));
    expect([...features('a cover letter', '')]).toEqual(['a', 'a cover', 'cover letter']);
    expect(similarity({ title: 'x', content: 'cover letter' }, { title: 'x', content: 'letter cover' })).toBeLessThan(1);
  });

  it('the index estimates similarity from signatures and finds a duplicate among thousands of other prompts', () => {
    const index = new SimilarityIndex();
    for (let id = 1; id <= 3000; id++)
      index.upsert(id, signature(features(`Prompt ${id}`, `Write item ${id} of the catalogue about topic ${id * 7} and colour ${id % 13}.`)));
    const pair = duplicatePairs.find((p) => p.lang === 'zh-HK' && p.duplicate)!;
    index.upsert(5000, signature(features(pair.a.title, pair.a.content)));
    const found = index.nearest(signature(features(pair.b.title, pair.b.content)), { min: DUPLICATE_THRESHOLD - 0.15, limit: 5 });
    expect(found[0]).toMatchObject({ id: 5000 });
    expect(found[0].estimate).toBeGreaterThan(0.5);
    // Removing moves another prompt into the freed slot; the index keeps answering for both.
    index.remove(5000);
    index.remove(1);
    expect(index.size).toBe(2999);
    expect(index.nearest(signature(features(pair.b.title, pair.b.content)), { min: 0.35, limit: 5 })).toEqual([]);
    expect(
      index.nearest(signature(features('Prompt 3000', 'Write item 3000 of the catalogue about topic 21000 and colour 10.')), { min: 0.9, limit: 1 }),
    ).toEqual([{ id: 3000, estimate: 1 }]);
  });
});
