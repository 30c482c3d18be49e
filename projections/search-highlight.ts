import type { SearchMatch, TextRange } from '../modules/prompts/contracts';
import { CJK_CHAR, foldChar } from './search-fold';
import { parseQuery } from './search-query';

/**
 * Where a query's words stand in a prompt's text, for the result cards to mark them (pure).
 * The text is folded one character at a time (search-fold.ts), so each folded character knows
 * the original one it came from: a match maps back onto what the reader sees. Phrase-level
 * conversions (`程式碼` found by `代码`) are found by the index but not marked.
 */

const WORD_CHAR = /[\p{L}\p{N}\p{M}]/u;
/** How far into a long content an excerpt's match is looked for. */
const EXCERPT_SCAN = 20_000;
// Little context ahead: the card shows two lines, and the match must be in them.
const EXCERPT_BEFORE = 24;
const EXCERPT_LENGTH = 180;

function foldedWithOrigins(text: string) {
  let folded = '';
  const starts: number[] = [];
  const ends: number[] = [];
  let index = 0;
  for (const ch of text) {
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
  const { folded, starts, ends } = foldedWithOrigins(text);
  const ranges: TextRange[] = [];
  for (const term of terms) {
    const cjk = CJK_CHAR.test(term);
    for (let at = folded.indexOf(term); at !== -1; at = folded.indexOf(term, at + 1)) {
      if (!cjk && at > 0 && WORD_CHAR.test(folded[at - 1]) && !CJK_CHAR.test(folded[at - 1])) continue;
      ranges.push([starts[at], ends[at + term.length - 1]]);
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

/** What a result card marks for query `q`: the title's matches, and the content's excerpt. */
export function searchMatch(prompt: { title: string; content: string }, q: string): SearchMatch {
  const { terms } = parseQuery(q);
  return { title: highlightRanges(prompt.title, terms), excerpt: excerpt(prompt.content, terms) };
}
