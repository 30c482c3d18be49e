import { describe, expect, it } from 'vitest';
import { FragmentCache, numberIslands } from '../../src/server/render/fragment-cache';

describe('the fragment cache', () => {
  it('gives back what it was given, and nothing when off', () => {
    const on = new FragmentCache({ enabled: true });
    const piece = ['<p>', { type: 'directive' }, '</p>'];
    on.set('k', piece);
    expect(on.get('k')).toEqual(piece);
    const off = new FragmentCache({ enabled: false });
    off.set('k', piece);
    expect(off.get('k')).toBeUndefined();
    expect(off.size().entries).toBe(0);
  });

  it('stays within its bounds, dropping the least recently used first', () => {
    const cache = new FragmentCache({ enabled: true, maxEntries: 3, maxChars: 1000 });
    for (const key of ['a', 'b', 'c']) cache.set(key, [key]);
    cache.get('a'); // used: b is now the oldest
    cache.set('d', ['d']);
    expect(cache.get('b')).toBeUndefined();
    expect(['a', 'c', 'd'].map((k) => cache.get(k)?.[0])).toEqual(['a', 'c', 'd']);
    cache.set('e', ['x'.repeat(60)]);
    cache.set('f', ['y'.repeat(60)]);
    expect(cache.size().entries).toBeLessThanOrEqual(3);
    // A piece larger than a sixteenth of the bound is never kept.
    cache.set('big', ['z'.repeat(100)]);
    expect(cache.get('big')).toBeUndefined();
    const chars = new FragmentCache({ enabled: true, maxEntries: 100, maxChars: 1600 });
    for (let i = 0; i < 40; i++) chars.set(`k${i}`, ['w'.repeat(95)]);
    expect(chars.size().chars).toBeLessThanOrEqual(1600);
  });
});

describe('numberIslands', () => {
  it("numbers the islands' React id prefixes in document order, touching nothing else", () => {
    const island = (uid: string, prefix: string) => `<astro-island uid="${uid}" prefix="${prefix}" component-url="/x.js">`;
    const html = `${island('a1', 'r7')}<p>prefix="r3"</p>${island('b2', 'r0')}<script type="application/json">{"t":"<astro-island uid=\\"x\\" prefix=\\"r9\\""}</script>${island('c3', 'r7')}`;
    expect(numberIslands(html)).toBe(
      `${island('a1', 'r0')}<p>prefix="r3"</p>${island('b2', 'r1')}<script type="application/json">{"t":"<astro-island uid=\\"x\\" prefix=\\"r9\\""}</script>${island('c3', 'r2')}`,
    );
  });
});
