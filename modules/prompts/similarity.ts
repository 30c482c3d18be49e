/**
 * Near-duplicate detection that works in Chinese and English. Pure: no I/O.
 *
 * A prompt's features are taken from its title and content, normalised (NFKC folds full-width
 * letters and digits, lower case, punctuation and spacing dropped), so a copy that only changes
 * case, width, spacing or punctuation has the same features:
 * - every run of CJK characters gives its adjacent character pairs (bigrams; a lone character
 *   stands for itself): Chinese has no spaces to cut words at, and a pair is the smallest unit
 *   that still carries meaning ("翻譯", "郵件");
 * - the other letters and digits form words, and every two adjacent words make a shingle
 *   ("write a", "a cover", "cover letter"); a text of one word is that word.
 * Two prompts are as similar as the Jaccard index of their feature sets (shared over all).
 *
 * Peers get this wrong in both directions: a normaliser that keeps only ASCII gives every
 * Chinese prompt the same empty key. tests/unit/similarity.test.ts holds a fixture of zh-HK and
 * English pairs and checks precision and recall at DUPLICATE_THRESHOLD.
 */

/** From this similarity up, two prompts are likely duplicates (chosen on the fixture: tests/unit/similarity.test.ts). */
export const DUPLICATE_THRESHOLD = 0.5;

const CJK = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}\p{Script=Bopomofo}]/u;
/** Runs of CJK characters, or of other letters, marks and digits: everything else separates. */
const PIECE =
  /(?:[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}\p{Script=Bopomofo}])+|(?:(?![\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}\p{Script=Bopomofo}])[\p{L}\p{M}\p{N}])+/gu;

/** The features of a prompt's title and content (see above), deduplicated. */
export function features(title: string, content: string): Set<string> {
  const text = `${title}\n${content}`.normalize('NFKC').toLowerCase();
  const out = new Set<string>();
  let previousWord: string | null = null;
  for (const [piece] of text.matchAll(PIECE)) {
    if (CJK.test(piece)) {
      // A CJK run also ends the current Latin phrase: a shingle never spans scripts.
      previousWord = null;
      const chars = Array.from(piece);
      if (chars.length === 1) out.add(chars[0]);
      for (let i = 0; i + 1 < chars.length; i++) out.add(chars[i] + chars[i + 1]);
      continue;
    }
    if (previousWord !== null) out.add(`${previousWord} ${piece}`);
    else out.add(piece);
    previousWord = piece;
  }
  return out;
}

/** The Jaccard index of two feature sets: 1 for the same, 0 for nothing shared (or two empty sets). */
export function jaccard(a: ReadonlySet<string>, b: ReadonlySet<string>): number {
  if (a.size === 0 || b.size === 0) return 0;
  const [small, large] = a.size <= b.size ? [a, b] : [b, a];
  let shared = 0;
  for (const f of small) if (large.has(f)) shared++;
  return shared / (a.size + b.size - shared);
}

/** How similar two prompts are (0 to 1), from their titles and contents. */
export function similarity(a: { title: string; content: string }, b: { title: string; content: string }): number {
  return jaccard(features(a.title, a.content), features(b.title, b.content));
}

/**
 * MinHash: SIGNATURE_SIZE independent minimums of hashed features. Two signatures agree in a
 * position with a probability equal to the sets' Jaccard index, so comparing 64 numbers
 * estimates it (± about 0.06) without the texts: the index scans 100,000 of them in a few ms.
 */
export const SIGNATURE_SIZE = 64;

/** FNV-1a over the UTF-16 code units: a 32-bit hash of a feature. */
function hashFeature(feature: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < feature.length; i++) {
    h ^= feature.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/** A 32-bit mixer (murmur3's finaliser), seeded per signature position. */
function mix(x: number, seed: number): number {
  let h = (x ^ seed) >>> 0;
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}

// Pure: a bundle that imports the prompts contracts without the check leaves it out.
const SEEDS = /* @__PURE__ */ Uint32Array.from({ length: SIGNATURE_SIZE }, (_, i) => mix(i + 1, 0x9e3779b9));

/** The MinHash signature of a feature set (all 0xffffffff for an empty set, which matches nothing real). */
export function signature(featureSet: ReadonlySet<string>): Uint32Array {
  const sig = new Uint32Array(SIGNATURE_SIZE).fill(0xffffffff);
  for (const f of featureSet) {
    const h = hashFeature(f);
    for (let i = 0; i < SIGNATURE_SIZE; i++) {
      const v = mix(h, SEEDS[i]);
      if (v < sig[i]) sig[i] = v;
    }
  }
  return sig;
}

/**
 * Signatures of many prompts in one flat array, scanned whole for each check (no banding, so no
 * candidate is lost to bad luck): at 100,000 prompts a check compares 6.4 million numbers
 * (docs/benchmarks.md, "Duplicate check"). Ids map to slots; removing moves the last slot in.
 */
export class SimilarityIndex {
  private ids = new Int32Array(1024);
  private sigs = new Uint32Array(1024 * SIGNATURE_SIZE);
  private slots = new Map<number, number>();

  get size(): number {
    return this.slots.size;
  }

  has(id: number): boolean {
    return this.slots.has(id);
  }

  upsert(id: number, sig: Uint32Array): void {
    let slot = this.slots.get(id);
    if (slot === undefined) {
      slot = this.slots.size;
      if (slot === this.ids.length) this.grow();
      this.slots.set(id, slot);
      this.ids[slot] = id;
    }
    this.sigs.set(sig, slot * SIGNATURE_SIZE);
  }

  remove(id: number): void {
    const slot = this.slots.get(id);
    if (slot === undefined) return;
    const last = this.slots.size - 1;
    if (slot !== last) {
      const moved = this.ids[last];
      this.ids[slot] = moved;
      this.sigs.copyWithin(slot * SIGNATURE_SIZE, last * SIGNATURE_SIZE, (last + 1) * SIGNATURE_SIZE);
      this.slots.set(moved, slot);
    }
    this.slots.delete(id);
  }

  /** The ids whose estimated similarity to `sig` is at least `min`, most similar first, at most `limit`. */
  nearest(sig: Uint32Array, { min, limit, exclude }: { min: number; limit: number; exclude?: number }): { id: number; estimate: number }[] {
    const needed = Math.ceil(min * SIGNATURE_SIZE);
    const found: { id: number; estimate: number }[] = [];
    const { sigs, ids } = this;
    const n = this.slots.size;
    for (let slot = 0; slot < n; slot++) {
      const base = slot * SIGNATURE_SIZE;
      let same = 0;
      // Stops once the rest could no longer make up `needed` (most prompts share nothing).
      for (let i = 0; i < SIGNATURE_SIZE && same + SIGNATURE_SIZE - i >= needed; i++) if (sigs[base + i] === sig[i]) same++;
      if (same >= needed && ids[slot] !== exclude) found.push({ id: ids[slot], estimate: same / SIGNATURE_SIZE });
    }
    return found.sort((a, b) => b.estimate - a.estimate || a.id - b.id).slice(0, limit);
  }

  private grow() {
    const ids = new Int32Array(this.ids.length * 2);
    ids.set(this.ids);
    const sigs = new Uint32Array(this.sigs.length * 2);
    sigs.set(this.sigs);
    this.ids = ids;
    this.sigs = sigs;
  }
}
