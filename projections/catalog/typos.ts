import type { Sql } from '../../events';
import { typoCandidates, type Expansions } from '../search-query';
import { oneEditAway } from '../search-typo';

/**
 * Typo tolerance, looked up in the lexicon of published words (`catalog_words`, kept by the
 * projection). A query word of 5+ letters (outside quotes) that no published word holds,
 * exactly or as a prefix, stands for the published words one edit away from it: every string
 * one edit away is made here (search-typo.ts) and the lexicon's primary key finds those that
 * exist, so no extension or similarity threshold decides, and both backends answer the same.
 */

/** The most frequent stand-ins are kept: a query stays small whatever the lexicon holds. */
const MOST_STAND_INS = 8;

export async function typoExpansions(sql: Sql, q: string): Promise<Expansions> {
  const words = typoCandidates(q);
  if (words.length === 0) return new Map();
  // One round trip: each word's next lexicon word in code point order (a prefix match when it
  // starts with the word), and every lexicon word one edit away from any of them.
  const edits = words.map((w) => oneEditAway(w));
  const rows = await sql.query<{ source: string | null; word: string | null; n: number }>(
    `select w as source, (select word from catalog_words where word >= w collate "C" order by word limit 1) as word, 0 as n
       from unnest($1::text[]) w
     union all
     select null, word, n from catalog_words where word = any($2::text[])`,
    [words, [...new Set(edits.flat())]],
  );
  const known = new Map<string, number>();
  const found = new Set<string>();
  for (const row of rows) {
    if (row.source !== null) {
      if (row.word?.startsWith(row.source)) found.add(row.source);
    } else if (row.word) known.set(row.word, row.n);
  }
  const expansions = new Map<string, string[]>();
  words.forEach((word, i) => {
    if (found.has(word)) return;
    const near = edits[i].filter((w) => known.has(w));
    near.sort((a, b) => known.get(b)! - known.get(a)! || (a < b ? -1 : 1));
    if (near.length) expansions.set(word, near.slice(0, MOST_STAND_INS));
  });
  return expansions;
}
