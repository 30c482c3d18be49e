/**
 * Search support for the catalog (pure, no I/O). Search is a case-insensitive substring
 * match on title or description. Two indexes make it fast:
 *
 * - `search_text` (title + newline + description, lower-cased here in JS so the query side
 *   lower-cases the same way on every backend and locale) has a pg_trgm GIN index: any
 *   term of three or more characters is answered from trigrams.
 * - Trigrams cannot index a two-character term (`LIKE '%電郵%'` extracts no trigram), and
 *   Chinese, Japanese and Korean terms are usually one or two characters long. So every run
 *   of CJK characters also yields its single characters and adjacent pairs in
 *   `search_grams` (text[] with a GIN index). A term with CJK characters first requires
 *   all of its pairs (or its single character) to be present, then the LIKE rechecks.
 */

const CJK_RUN = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}\u3005\u30FC]+/gu;
const CJK_CHAR = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}\u3005\u30FC]/u;

/** The normalised text searched: title and description, lower-cased, kept apart by a newline. */
export function searchText(title: string, description: string): string {
  return `${title}\n${description}`.toLowerCase();
}

/** The query side of `searchText`: trimmed and lower-cased the same way. */
export function normaliseQuery(q: string | undefined): string {
  return (q ?? '').trim().toLowerCase();
}

function runs(text: string): string[][] {
  return Array.from(text.matchAll(CJK_RUN), (m) => Array.from(m[0]));
}

/** Letters and digits outside CJK: two of them make a Latin pair. */
const WORD_CHAR = /[\p{L}\p{N}]/u;

function latinPairs(text: string, into: Set<string>) {
  const chars = Array.from(text);
  for (let i = 0; i + 1 < chars.length; i++) {
    const a = chars[i];
    const b = chars[i + 1];
    if (WORD_CHAR.test(a) && WORD_CHAR.test(b) && !CJK_CHAR.test(a) && !CJK_CHAR.test(b)) into.add(a + b);
  }
}

/**
 * Every CJK character and adjacent CJK pair of a document, and every adjacent pair of other
 * letters or digits (so two-letter Latin terms, which have no trigram either, are indexed
 * too), deduplicated.
 */
export function documentGrams(text: string): string[] {
  const grams = new Set<string>();
  for (const chars of runs(text)) {
    for (let i = 0; i < chars.length; i++) {
      grams.add(chars[i]);
      if (i + 1 < chars.length) grams.add(chars[i] + chars[i + 1]);
    }
  }
  latinPairs(text, grams);
  return [...grams].sort();
}

/**
 * What a query term requires of `search_grams`: all adjacent CJK pairs, or the single
 * character of a one-character run. Empty when the term has no CJK text (trigrams serve it).
 */
export function queryGrams(q: string): string[] {
  const grams = new Set<string>();
  for (const chars of runs(q)) {
    if (chars.length === 1) grams.add(chars[0]);
    for (let i = 0; i + 1 < chars.length; i++) grams.add(chars[i] + chars[i + 1]);
  }
  // A two-character Latin term has no trigram: its pair narrows the rows instead.
  if (grams.size === 0 && Array.from(q).length === 2) latinPairs(q, grams);
  return [...grams].sort();
}

/**
 * A PostgreSQL array literal ('{"a","b"}') to bind as text and cast with `::text[]`;
 * identical on PGlite and the postgres driver.
 */
export function arrayLiteral(items: readonly string[]): string {
  return `{${items.map((s) => `"${s.replace(/["\\]/g, (c) => `\\${c}`)}"`).join(',')}}`;
}
