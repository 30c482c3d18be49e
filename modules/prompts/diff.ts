/**
 * The difference between two versions of a prompt's text, for the versions page and the admin's
 * revision queue. Word-level for Latin text (whitespace kept as its own tokens, so the pieces
 * join back into the very texts), character-level for Chinese, Japanese and Korean (they write
 * no spaces between words: one character is the smallest unit a reader compares). Pure: no DOM,
 * no Node, no zod (browser code reaches it through the prompts `contracts.ts`).
 *
 * Myers' O((N+M)·D) algorithm with D bounded: a rewrite of a long prompt would otherwise cost
 * N·M. Past the bound the text is compared line by line (bounded the same way), and past that
 * the changed middle is shown as removed then added: never wrong, only coarser.
 */

export type DiffKind = 'same' | 'added' | 'removed';

export interface DiffSegment {
  kind: DiffKind;
  text: string;
}

/** One line pair of the side-by-side view: the old text's segments (same, removed) and the new one's (same, added). */
export interface DiffRow {
  before: DiffSegment[];
  after: DiffSegment[];
  /** Whether anything in the row differs. */
  changed: boolean;
}

/** At most this many insertions and deletions are searched for at one granularity (words, then lines). */
export const DIFF_MAX_EDITS = 1000;

/** Counts the work done (diagonals tried and tokens compared along them), so a test can prove it stays bounded, without a timer. */
export interface DiffStats {
  steps: number;
}

// Han (with its extensions and compatibility ideographs), kana, Hangul, bopomofo, CJK symbols and
// punctuation, full-width forms: one token per character.
const CJK = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}\p{Script=Bopomofo}\u3000-\u303f\uff00-\uffef]/u;
// A word: letters, marks, digits and underscores of any other script; or a run of spaces; or a
// line break on its own (so lines line up); or any other single character.
const TOKEN = new RegExp(`\\r?\\n|[^\\S\\r\\n]+|(?:(?!${CJK.source})[\\p{L}\\p{M}\\p{N}_])+|[\\s\\S]`, 'gu');

/** The text cut into the tokens the diff compares: words, space runs, line breaks, single CJK characters and other signs. */
export function diffTokens(text: string): string[] {
  return text.match(TOKEN) ?? [];
}

const lines = (text: string): string[] => text.match(/[^\n]*\n|[^\n]+$/g) ?? [];

/**
 * The shortest edit script between token lists `a` and `b` (Myers), as segments; null when it
 * needs more than `maxEdits` insertions and deletions.
 */
function myers(a: readonly string[], b: readonly string[], maxEdits: number, stats?: DiffStats): DiffSegment[] | null {
  const n = a.length;
  const m = b.length;
  const max = Math.min(n + m, maxEdits);
  const offset = max + 1;
  const v = new Int32Array(2 * max + 3);
  // After each round d, the furthest x of diagonals -d-1 … d+1, to walk the path back.
  const trace: Int32Array[] = [];
  for (let d = 0; d <= max; d++) {
    for (let k = -d; k <= d; k += 2) {
      let x = k === -d || (k !== d && v[offset + k - 1] < v[offset + k + 1]) ? v[offset + k + 1] : v[offset + k - 1] + 1;
      let y = x - k;
      const from = x;
      while (x < n && y < m && a[x] === b[y]) {
        x++;
        y++;
      }
      if (stats) stats.steps += 1 + x - from;
      v[offset + k] = x;
      if (x >= n && y >= m) return backtrack(a, b, trace, d);
    }
    trace.push(v.slice(offset - d - 1, offset + d + 2));
  }
  return null;
}

/** Walks the rounds back from the end, one insertion or deletion per round, with the kept runs between. */
function backtrack(a: readonly string[], b: readonly string[], trace: readonly Int32Array[], rounds: number): DiffSegment[] {
  const out: DiffSegment[] = [];
  let x = a.length;
  let y = b.length;
  const furthest = (d: number, k: number) => trace[d][k + d + 1];
  const keep = (toX: number) => {
    while (x > toX) {
      out.push({ kind: 'same', text: a[--x] });
      y--;
    }
  };
  for (let d = rounds; d > 0; d--) {
    const k = x - y;
    const down = k === -d || (k !== d && furthest(d - 1, k - 1) < furthest(d - 1, k + 1));
    const prevK = down ? k + 1 : k - 1;
    const prevX = furthest(d - 1, prevK);
    keep(down ? prevX : prevX + 1);
    if (down) out.push({ kind: 'added', text: b[--y] });
    else out.push({ kind: 'removed', text: a[--x] });
  }
  keep(0);
  return out.reverse();
}

/** Joins neighbours of one kind, and puts each change's removal before its addition. */
function merged(segments: readonly DiffSegment[]): DiffSegment[] {
  const out: DiffSegment[] = [];
  let removed = '';
  let added = '';
  const flush = () => {
    if (removed) out.push({ kind: 'removed', text: removed });
    if (added) out.push({ kind: 'added', text: added });
    removed = added = '';
  };
  for (const s of segments) {
    if (s.kind === 'removed') removed += s.text;
    else if (s.kind === 'added') added += s.text;
    else {
      flush();
      const last = out[out.length - 1];
      if (last?.kind === 'same') last.text += s.text;
      else out.push({ ...s });
    }
  }
  flush();
  return out;
}

/**
 * A lone space between two changes reads as noise ("a b" → "c d" is one change, not two around
 * a kept space): it joins both sides of the change. Line breaks stay, so rows still line up.
 */
function withoutLoneSpaces(segments: readonly DiffSegment[]): DiffSegment[] {
  const out: DiffSegment[] = [];
  segments.forEach((s, i) => {
    const between = i > 0 && i < segments.length - 1 && segments[i - 1].kind !== 'same' && segments[i + 1].kind !== 'same';
    if (s.kind === 'same' && between && /^[^\S\n]+$/.test(s.text)) out.push({ kind: 'removed', text: s.text }, { kind: 'added', text: s.text });
    else out.push(s);
  });
  return merged(out);
}

/**
 * An added or removed run of lines can stand in two places ("one" + "\nnew" + "\ntwo", or
 * "one\n" + "new\n" + "two"): the second starts and ends it at line breaks, so the rows of the
 * side-by-side view put the new line on a row of its own.
 */
function onLineBreaks(segments: DiffSegment[]): DiffSegment[] {
  for (let i = 1; i < segments.length - 1; i++) {
    const [before, change, after] = [segments[i - 1], segments[i], segments[i + 1]];
    if (before.kind !== 'same' || after.kind !== 'same' || change.kind === 'same') continue;
    const unit = /^\r?\n/.exec(change.text)?.[0];
    if (!unit || !after.text.startsWith(unit) || change.text.endsWith('\n')) continue;
    before.text += unit;
    change.text = change.text.slice(unit.length) + unit;
    after.text = after.text.slice(unit.length);
  }
  return segments.filter((s) => s.text !== '');
}

/** Diffs two token lists after cutting their common start and end (cheap, and most edits are local). */
function diffLists(a: readonly string[], b: readonly string[], maxEdits: number, stats?: DiffStats): DiffSegment[] | null {
  let start = 0;
  while (start < a.length && start < b.length && a[start] === b[start]) start++;
  let end = 0;
  while (end < a.length - start && end < b.length - start && a[a.length - 1 - end] === b[b.length - 1 - end]) end++;
  const middle = myers(a.slice(start, a.length - end), b.slice(start, b.length - end), maxEdits, stats);
  if (!middle) return null;
  const head = a.slice(0, start).join('');
  const tail = a.slice(a.length - end).join('');
  return [...(head ? [{ kind: 'same' as const, text: head }] : []), ...middle, ...(tail ? [{ kind: 'same' as const, text: tail }] : [])];
}

/**
 * The segments that turn `before` into `after`: the `same` and `removed` texts join into
 * `before`, the `same` and `added` ones into `after`.
 */
export function diffText(before: string, after: string, { maxEdits = DIFF_MAX_EDITS, stats }: { maxEdits?: number; stats?: DiffStats } = {}): DiffSegment[] {
  if (before === after) return before ? [{ kind: 'same', text: before }] : [];
  const words = diffLists(diffTokens(before), diffTokens(after), maxEdits, stats);
  if (words) return withoutLoneSpaces(onLineBreaks(merged(words)));
  const byLine = diffLists(lines(before), lines(after), maxEdits, stats);
  if (byLine) return merged(byLine);
  return merged([
    { kind: 'removed', text: before },
    { kind: 'added', text: after },
  ]);
}

/**
 * The segments as rows for a side-by-side view: a row ends where both sides end a line (a kept
 * line break, or a change that ends in one beside nothing), so unchanged lines face each other
 * and a changed line faces its replacement.
 */
export function diffRows(segments: readonly DiffSegment[]): DiffRow[] {
  const rows: DiffRow[] = [];
  let row: DiffRow = { before: [], after: [], changed: false };
  const put = (side: DiffSegment[], s: DiffSegment) => {
    const last = side[side.length - 1];
    if (last?.kind === s.kind) last.text += s.text;
    else side.push({ ...s });
  };
  const atLineStart = (side: DiffSegment[]) => side.length === 0 || side[side.length - 1].text.endsWith('\n');
  const close = () => {
    if (row.before.length || row.after.length) rows.push(row);
    row = { before: [], after: [], changed: false };
  };
  segments.forEach((s, i) => {
    if (s.kind !== 'same') {
      put(s.kind === 'removed' ? row.before : row.after, s);
      row.changed = true;
      // At the end of a change, a row whose both sides end their lines is complete.
      if (segments[i + 1]?.kind !== 'removed' && segments[i + 1]?.kind !== 'added' && atLineStart(row.before) && atLineStart(row.after)) close();
      return;
    }
    for (const part of s.text.split(/(?<=\n)/)) {
      put(row.before, { kind: 'same', text: part });
      put(row.after, { kind: 'same', text: part });
      if (part.endsWith('\n')) close();
    }
  });
  close();
  return rows;
}
