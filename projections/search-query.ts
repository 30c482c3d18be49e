import { fold, tokens, type Token } from './search-fold';
import { tokenLexemes } from './search-vector';

/**
 * The search engine's one query parser (pure). A query is pieces separated by spaces; a piece
 * in double quotes ("stack trace", “…”, 「…」) is a phrase. Every piece must match, in any
 * field. Within a piece, its words must stand next to each other (`gpt-4` is `gpt` then `4`);
 * a Latin word of 3+ letters outside quotes also matches as a prefix (`transl` finds
 * "translator"); a CJK run matches its characters in order (one character: that character;
 * more: the chain of its adjacent pairs).
 */

export interface ParsedQuery {
  /** A `tsquery` literal (cast with `::tsquery`), or null when no piece has a word. */
  tsquery: string | null;
  /** The folded words and CJK runs, for highlighting. */
  terms: string[];
}

const PIECES = /["\u201C\u201D\u300C\u300E]([^"\u201C\u201D\u300D\u300F]*)["\u201C\u201D\u300D\u300F]?|(\S+)/gu;
const PREFIX_FROM = 3;

function lexemeText(lexeme: string, prefix: boolean) {
  return `'${lexeme}'${prefix ? ':*' : ''}`;
}

/** The words of one piece as a chain: each lexeme at its distance from the one before. */
function chain(found: Token[], phrase: boolean): string {
  const parts: string[] = [];
  let previous: number | null = null;
  for (const token of found) {
    const anchors = token.cjk
      ? Array.from(token.text).length === 1
        ? [{ lexeme: token.text, position: token.position }]
        : tokenLexemes(token).filter((l) => Array.from(l.lexeme).length === 2)
      : [{ lexeme: token.text, position: token.position }];
    for (const anchor of anchors) {
      const prefix = !token.cjk && !phrase && token.text.length >= PREFIX_FROM;
      const term = lexemeText(anchor.lexeme, prefix);
      if (previous === null) parts.push(term);
      else parts.push(anchor.position - previous === 1 ? `<-> ${term}` : `<${anchor.position - previous}> ${term}`);
      previous = anchor.position;
    }
  }
  return parts.length > 1 ? `(${parts.join(' ')})` : parts[0];
}

export function parseQuery(q: string): ParsedQuery {
  const pieces: string[] = [];
  const terms: string[] = [];
  for (const match of q.matchAll(PIECES)) {
    const phrase = match[1] !== undefined;
    const found = tokens(fold(match[1] ?? match[2] ?? ''));
    if (found.length === 0) continue;
    terms.push(...found.map((t) => t.text));
    pieces.push(chain(found, phrase));
  }
  return { tsquery: pieces.length ? [...new Set(pieces)].join(' & ') : null, terms: [...new Set(terms)] };
}

/**
 * The query's pieces, each a query of its own (a phrase keeps its quotes): what a search that
 * matches pieces in more than one place (My Prompts: the index, then the person's tags) asks piece by piece.
 */
export function queryPieces(q: string): { query: string; text: string }[] {
  return Array.from(q.matchAll(PIECES), (m) => ({ query: m[0], text: m[1] ?? m[2] ?? '' })).filter((p) => tokens(fold(p.text)).length > 0);
}
