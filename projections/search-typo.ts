/**
 * One typing mistake (pure): a deleted, inserted or replaced letter, or two neighbours swapped
 * (`tranlsator`, `promtps`). The query parser asks the catalog's lexicon for the words one
 * edit away from a query word that finds nothing (catalog/typos.ts), and highlighting marks a
 * text's words one edit away from a term it does not hold (search-highlight.ts).
 */

/** A word shorter than this must be typed right: one edit away from a short word is too many words. */
export const TYPO_FROM = 5;

const LATIN = 'abcdefghijklmnopqrstuvwxyz0123456789';
const CYRILLIC = 'абвгдеёжзийклмнопрстуфхцчшщъыьэюя';
const GREEK = 'αβγδεζηθικλμνξοπρστυφχψω';

/** Whether a folded query word may carry a typo: long enough, and not a number. */
export function typoEligible(word: string): boolean {
  return Array.from(word).length >= TYPO_FROM && /\p{L}/u.test(word);
}

/** The letters an insertion or a replacement may bring: the word's script's alphabet and the word's own letters. */
function alphabetFor(chars: readonly string[]): string[] {
  const letters = new Set(LATIN);
  for (const ch of chars) {
    letters.add(ch);
    if (/\p{Script=Cyrillic}/u.test(ch)) for (const c of CYRILLIC) letters.add(c);
    if (/\p{Script=Greek}/u.test(ch)) for (const c of GREEK) letters.add(c);
  }
  return [...letters];
}

/** Every string one edit away from `word` (Damerau: a swap of neighbours is one edit), without `word` itself. */
export function oneEditAway(word: string): string[] {
  const chars = Array.from(word);
  const alphabet = alphabetFor(chars);
  const out = new Set<string>();
  for (let i = 0; i <= chars.length; i++) {
    const head = chars.slice(0, i).join('');
    const tail = chars.slice(i).join('');
    const rest = chars.slice(i + 1).join('');
    if (i < chars.length) out.add(head + rest);
    if (i + 1 < chars.length) out.add(head + chars[i + 1] + chars[i] + chars.slice(i + 2).join(''));
    for (const c of alphabet) {
      out.add(head + c + tail);
      if (i < chars.length) out.add(head + c + rest);
    }
  }
  out.delete(word);
  return [...out];
}

/** Whether `a` and `b` differ by exactly one edit (as `oneEditAway`). */
export function oneEditApart(a: string, b: string): boolean {
  const x = Array.from(a);
  const y = Array.from(b);
  if (Math.abs(x.length - y.length) > 1 || a === b) return false;
  let i = 0;
  while (i < x.length && i < y.length && x[i] === y[i]) i++;
  const same = (p: string[], q: string[]) => p.length === q.length && p.every((c, k) => c === q[k]);
  if (x.length === y.length) {
    if (same(x.slice(i + 1), y.slice(i + 1))) return true;
    return x[i] === y[i + 1] && x[i + 1] === y[i] && same(x.slice(i + 2), y.slice(i + 2));
  }
  return x.length > y.length ? same(x.slice(i + 1), y.slice(i)) : same(x.slice(i), y.slice(i + 1));
}
