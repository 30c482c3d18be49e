/**
 * Rendered pieces of pages (the layout's parts, each prompt card), kept as strings so a page
 * is assembled from them instead of running Astro's per-component path again (about 2 ms for
 * the layout and 0.35 ms per card: docs/benchmarks.md). One per app (`app.fragments`),
 * handed to pages as `locals.fragments`; the `Cached` component (src/components/Cached.ts)
 * reads and fills it.
 *
 * A piece is keyed on everything it shows (its props: a card's row as the request read it, the
 * language, …), never on a clock or a checkpoint: the page reads its rows fresh (the freshness
 * rules of src/server/freshness.ts hold for them), and a row that changed is a new key. So a
 * cached piece can never show stale data; old keys age out of the LRU.
 *
 * A piece is an ordered list of HTML strings and Astro's render instructions (the hydration
 * scripts an island asks for): written back in order, Astro decides as for a fresh render
 * whether each script is due on this page.
 */
export type FragmentChunk = string | { type: string };

export interface FragmentCacheSettings {
  /** Off (FRAGMENT_CACHE=0): every piece renders through Astro, as the reference for tests and benchmarks. */
  enabled: boolean;
  maxEntries?: number;
  /** Bound on the characters held (HTML and keys), about two bytes each. */
  maxChars?: number;
}

/** About 4,000 cards in two languages; some 20 MB at most (docs/pages.md). */
const MAX_ENTRIES = 4000;
const MAX_CHARS = 10 * 1024 * 1024;

export class FragmentCache {
  private readonly entries = new Map<string, { chunks: FragmentChunk[]; chars: number }>();
  private chars = 0;
  readonly enabled: boolean;
  private readonly maxEntries: number;
  private readonly maxChars: number;

  constructor(settings: FragmentCacheSettings) {
    this.enabled = settings.enabled;
    this.maxEntries = settings.maxEntries ?? MAX_ENTRIES;
    this.maxChars = settings.maxChars ?? MAX_CHARS;
  }

  get(key: string): FragmentChunk[] | undefined {
    if (!this.enabled) return undefined;
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    // Refresh its place in the LRU order.
    this.entries.delete(key);
    this.entries.set(key, entry);
    return entry.chunks;
  }

  set(key: string, chunks: FragmentChunk[]): void {
    if (!this.enabled) return;
    const chars = key.length + chunks.reduce((n, c) => n + (typeof c === 'string' ? c.length : 16), 0);
    if (chars > this.maxChars / 16) return;
    const old = this.entries.get(key);
    if (old) {
      this.chars -= old.chars;
      this.entries.delete(key);
    }
    this.entries.set(key, { chunks, chars });
    this.chars += chars;
    for (const [k, v] of this.entries) {
      if (this.entries.size <= this.maxEntries && this.chars <= this.maxChars) break;
      this.entries.delete(k);
      this.chars -= v.chars;
    }
  }

  /** What it holds now (the benchmarks record it). */
  size(): { entries: number; chars: number } {
    return { entries: this.entries.size, chars: this.chars };
  }
}

/**
 * Numbers the page's islands' React id prefixes (`prefix="r…"` on each `<astro-island>`) in
 * document order. Astro numbers them as it renders; a piece taken from the cache was numbered on
 * the page it was first rendered in, so the whole page is renumbered, whether its pieces came from
 * the cache or not (the two give the same bytes): each island's React ids (useId) stay unique
 * within the page. Only the opening tags Astro writes can match: text and attributes a user
 * wrote are escaped (`<` is `&lt;`, or `\u003c` in the JSON blocks).
 */
export function numberIslands(html: string): string {
  let n = 0;
  return html.replace(ISLAND_PREFIX, (_, open: string) => `${open}r${n++}"`);
}

const ISLAND_PREFIX = /(<astro-island uid="[A-Za-z0-9]+" prefix=")r\d+"/g;
