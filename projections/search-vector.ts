import { fold, tokens, type Token } from './search-fold';

/**
 * A document's search index entry: a `tsvector` built here, not by PostgreSQL's parser
 * (the 'simple' configuration knows no Chinese and PGlite has no Chinese parser), cast from
 * its text form. Latin words are lexemes; every CJK character is a lexeme and every adjacent
 * pair of CJK characters another (at the first one's position), so a term of one character
 * matches its unigram and a longer one the chain of its pairs (search-query.ts).
 *
 * Weights rank the fields: A title, B description, C content and category, D author and tags
 * (the weight D lexemes are what a deleted account's name leaves by: catalog/projection.ts).
 */

export type Weight = 'A' | 'B' | 'C' | 'D';

export interface SearchField {
  text: string;
  weight: Weight;
}

/** PostgreSQL keeps positions up to 16383 and 256 positions per lexeme. */
const LAST_POSITION = 16383;
const POSITIONS_PER_LEXEME = 256;
/** Fields are kept apart so a phrase never spans two of them. */
const FIELD_GAP = 8;

/** The lexemes a token puts at each of its positions. */
export function tokenLexemes(token: Token): { lexeme: string; position: number }[] {
  if (!token.cjk) return [{ lexeme: token.text, position: token.position }];
  const chars = Array.from(token.text);
  const out: { lexeme: string; position: number }[] = [];
  for (let i = 0; i < chars.length; i++) {
    out.push({ lexeme: chars[i], position: token.position + i });
    if (i + 1 < chars.length) out.push({ lexeme: chars[i] + chars[i + 1], position: token.position + i });
  }
  return out;
}

/** The `tsvector` literal of a document's fields (cast with `::tsvector`). */
export function documentVector(fields: readonly SearchField[]): string {
  const entries = new Map<string, string[]>();
  let next = 1;
  for (const field of fields) {
    if (!field.text) continue;
    const found = tokens(fold(field.text), next);
    for (const token of found) {
      for (const { lexeme, position } of tokenLexemes(token)) {
        if (position > LAST_POSITION) continue;
        const list = entries.get(lexeme) ?? [];
        if (list.length < POSITIONS_PER_LEXEME) list.push(`${position}${field.weight}`);
        entries.set(lexeme, list);
      }
    }
    const last = found.at(-1);
    if (last) next = last.position + Array.from(last.text).length + FIELD_GAP;
  }
  return Array.from(entries, ([lexeme, positions]) => `'${lexeme}':${positions.join(',')}`).join(' ');
}

type SearchedPrompt = { title: string; description: string; content: string; categoryName: string; authorName: string; tags?: readonly string[] };

/** A prompt's fields but its content, in weight order; `tags` is where private prompts' tags join the index. */
function headFields(p: SearchedPrompt): SearchField[] {
  return [
    { text: p.title, weight: 'A' },
    { text: p.description, weight: 'B' },
    { text: p.categoryName, weight: 'C' },
    { text: p.authorName, weight: 'D' },
    { text: (p.tags ?? []).join(' '), weight: 'D' },
  ];
}

/** Every field (`all`, what matches) and every field but the content (`head`: small, what ranking reads). */
export function promptSearchVectors(p: SearchedPrompt): { all: string; head: string } {
  const head = headFields(p);
  return { all: documentVector([...head, { text: p.content, weight: 'C' }]), head: documentVector(head) };
}
