import type { SearchMatch, TextRange } from '../modules/prompts/contracts';
import { CJK_CHAR, fold, foldChar } from './search-fold';
import { parseQuery, type Expansions } from './search-query';

/**
 * Where a query's words stand in a prompt's text, for the result cards to mark them (pure).
 * The text is folded one character at a time (search-fold.ts), so each folded character knows
 * the original one it came from: a match maps back onto what the reader sees (a letter and the
 * accents that follow it fold as one, so `cafe` marks a decomposed `café` whole). A Chinese
 * term not found so is looked for in the text folded whole, phrases and all, aligned back onto
 * the original (`代码` marks `程式碼`). A mistyped word's stand-ins (the words one typo away
 * that the query looked for instead: catalog/typos.ts) are marked like its own words.
 */

const WORD_CHAR = /[\p{L}\p{N}\p{M}]/u;
/** How far into a long content an excerpt's match is looked for. */
const EXCERPT_SCAN = 20_000;
// Little context ahead: the card shows two lines, and the match must be in them.
const EXCERPT_BEFORE = 24;
const EXCERPT_LENGTH = 180;

/** A character and the combining marks that follow it (or marks alone, at the start). */
const CLUSTERS = /\P{M}\p{M}*|\p{M}+/gsu;
const HAN = /\p{Script=Han}/u;
/** How far apart a phrase's conversion and its original may drift before they are found in step again. */
const RESYNC = 6;

interface Folded {
  folded: string;
  /** For each UTF-16 unit of `folded`, where its original starts and ends in the text. */
  starts: number[];
  ends: number[];
}

function foldedWithOrigins(text: string): Folded {
  let folded = '';
  const starts: number[] = [];
  const ends: number[] = [];
  let index = 0;
  for (const [ch] of text.matchAll(CLUSTERS)) {
    const f = foldChar(ch);
    for (let k = 0; k < f.length; k++) {
      starts.push(index);
      ends.push(index + ch.length);
    }
    folded += f;
    index += ch.length;
  }
  return { folded, starts, ends };
}

/**
 * Where `a` (from `i`) and `b` (from `j`) run in step again after they differ: the nearest
 * offsets past which two units (or the ends) agree; both ends when they never do.
 */
function resync(a: string, i: number, b: string, j: number): [number, number] {
  for (let d = 1; d <= 2 * RESYNC; d++) {
    for (let da = Math.max(0, d - RESYNC); da <= Math.min(d, RESYNC); da++) {
      const db = d - da;
      if (i + da > a.length || j + db > b.length) continue;
      const tail = Math.min(2, a.length - i - da, b.length - j - db);
      const bothEnd = i + da === a.length && j + db === b.length;
      if ((tail > 0 || bothEnd) && a.slice(i + da, i + da + tail) === b.slice(j + db, j + db + tail)) return [da, db];
    }
  }
  return [a.length - i, b.length - j];
}

/**
 * The text folded whole (phrase conversions change lengths: `程式碼` → `代码`), each of its
 * units mapped onto the original by aligning it with the character-by-character fold: equal
 * units map one to one; a run that differs maps onto the run it replaced, in proportion
 * (`滑鼠` → `鼠标`: one to one; `程式` → `代`: both onto one).
 */
function phraseFolded(text: string, byChar: Folded): Folded | null {
  const whole = fold(text);
  const a = byChar.folded;
  if (whole === a || a.length === 0) return null;
  const starts: number[] = [];
  const ends: number[] = [];
  const map = (from: number, to: number) => {
    const first = Math.max(0, Math.min(from, a.length - 1));
    starts.push(byChar.starts[first]);
    ends.push(byChar.ends[Math.max(first, Math.min(to, a.length - 1))]);
  };
  let i = 0;
  let j = 0;
  while (j < whole.length) {
    if (i < a.length && a[i] === whole[j]) {
      map(i, i);
      i++;
      j++;
      continue;
    }
    const [da, db] = resync(a, i, whole, j);
    // Nothing replaced (an insertion): its units stand with the character before.
    for (let k = 0; k < db; k++) map(da === 0 ? i - 1 : i + Math.floor((k * da) / db), da === 0 ? i - 1 : i + Math.ceil(((k + 1) * da) / db) - 1);
    i += da;
    j += db;
  }
  return { folded: whole, starts, ends };
}

function occurrences(into: TextRange[], { folded, starts, ends }: Folded, term: string, cjk: boolean): boolean {
  let found = false;
  for (let at = folded.indexOf(term); at !== -1; at = folded.indexOf(term, at + 1)) {
    if (!cjk && at > 0 && WORD_CHAR.test(folded[at - 1]) && !CJK_CHAR.test(folded[at - 1])) continue;
    into.push([starts[at], ends[at + term.length - 1]]);
    found = true;
  }
  return found;
}

function merge(ranges: TextRange[]): TextRange[] {
  const out: TextRange[] = [];
  for (const [start, end] of ranges.sort((a, b) => a[0] - b[0] || a[1] - b[1])) {
    const last = out.at(-1);
    if (last && start <= last[1]) last[1] = Math.max(last[1], end);
    else out.push([start, end]);
  }
  return out;
}

/** The ranges (UTF-16 offsets, sorted, apart) of `text` where the folded `terms` stand: a Latin term at a word's start, a CJK run anywhere. */
export function highlightRanges(text: string, terms: readonly string[]): TextRange[] {
  if (!text || terms.length === 0) return [];
  const byChar = foldedWithOrigins(text);
  let phrases: Folded | null | undefined;
  const ranges: TextRange[] = [];
  for (const term of terms) {
    const cjk = CJK_CHAR.test(term);
    if (occurrences(ranges, byChar, term, cjk)) continue;
    if (cjk && HAN.test(text)) {
      phrases = phrases === undefined ? phraseFolded(text, byChar) : phrases;
      if (phrases) occurrences(ranges, phrases, term, cjk);
    }
  }
  return merge(ranges);
}

/** A short window of `content` around its first match, with its marks; null when the content holds none. */
export function excerpt(content: string, terms: readonly string[]): SearchMatch['excerpt'] {
  const scanned = content.slice(0, EXCERPT_SCAN);
  const ranges = highlightRanges(scanned, terms);
  if (ranges.length === 0) return null;
  let from = Math.max(0, ranges[0][0] - EXCERPT_BEFORE);
  // Start at a word or line boundary when one is near, never inside a surrogate pair.
  const space = scanned.slice(from, ranges[0][0]).search(/\s/);
  if (from > 0 && space !== -1) from += space + 1;
  if (/[\uDC00-\uDFFF]/.test(scanned[from] ?? '')) from--;
  let to = Math.min(scanned.length, from + EXCERPT_LENGTH);
  if (/[\uDC00-\uDFFF]/.test(scanned[to] ?? '')) to++;
  const text = `${from > 0 ? '…' : ''}${scanned.slice(from, to).replace(/\s+/g, ' ')}${to < content.length ? '…' : ''}`;
  // Marks are found again in the window as shown (its whitespace folded, an ellipsis ahead).
  return { text, ranges: highlightRanges(text, terms) };
}

/** What a result card marks for query `q` (and the stand-ins of its mistyped words): the title's matches, and the content's excerpt. */
export function searchMatch(prompt: { title: string; content: string }, q: string, expansions?: Expansions): SearchMatch {
  const { terms } = parseQuery(q, expansions);
  return { title: highlightRanges(prompt.title, terms), excerpt: excerpt(prompt.content, terms) };
}
