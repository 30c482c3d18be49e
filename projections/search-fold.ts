import { Converter } from 'opencc-js/t2cn';

/**
 * The search engine's folding (pure, server only: opencc's tables stay out of the browser).
 * The index and the query go through the same `fold`, so what matches is decided by one
 * function:
 *
 * - NFKC: full-width letters, digits and punctuation become their half-width forms;
 * - lower case, and the accents of Latin, Greek and Cyrillic letters dropped (`café` = `cafe`;
 *   Japanese voicing marks stay: they change the word);
 * - Chinese folded to Simplified with opencc's data, phrase level first (Taiwan's vocabulary:
 *   `程式碼` → `代码`, `搜尋` → `搜索`), then Hong Kong's character variants.
 */

const HAN = /\p{Script=Han}/u;
const ACCENTED = /([\p{Script=Latin}\p{Script=Greek}\p{Script=Cyrillic}])\p{M}+/gu;

let converters: { phrases: (s: string) => string; hongKong: (s: string) => string } | null = null;

/** Built on first use (about 20 ms): a process that never searches Chinese never pays it. */
function chinese() {
  converters ??= { phrases: Converter({ from: 'twp', to: 'cn' }), hongKong: Converter({ from: 'hk', to: 'cn' }) };
  return converters;
}

export function fold(text: string): string {
  const latin = text.normalize('NFKC').toLowerCase().normalize('NFD').replace(ACCENTED, '$1').normalize('NFC');
  if (!HAN.test(latin)) return latin;
  const { phrases, hongKong } = chinese();
  return hongKong(phrases(latin));
}

const charMemo = new Map<string, string>();

/**
 * One character folded on its own (character level only: no phrase is seen), memoised:
 * what highlighting uses to map folded matches back onto the original text.
 */
export function foldChar(ch: string): string {
  let folded = charMemo.get(ch);
  if (folded === undefined) {
    folded = fold(ch);
    if (charMemo.size < 50_000) charMemo.set(ch, folded);
  }
  return folded;
}

/** Chinese, Japanese and Korean characters: indexed one by one and in adjacent pairs. */
export const CJK_CHAR = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}\u3005\u30FC]/u;

export interface Token {
  /** A Latin (or other alphabetic) word, or a run of CJK characters. */
  text: string;
  cjk: boolean;
  /** Its first position; a CJK run takes one position per character. */
  position: number;
}

const WORDS = /[\p{L}\p{N}\p{M}]+/gu;
/** Longer "words" are data (hashes, base64), not something a person types. */
const LONGEST_WORD = 60;

/** The words and CJK runs of already folded text, with positions counted from `start`. */
export function tokens(folded: string, start = 1): Token[] {
  const out: Token[] = [];
  let position = start;
  for (const [word] of folded.matchAll(WORDS)) {
    let latin = '';
    let run = '';
    const flushLatin = () => {
      if (latin && latin.length <= LONGEST_WORD) out.push({ text: latin, cjk: false, position: position++ });
      latin = '';
    };
    const flushRun = () => {
      if (run) {
        out.push({ text: run, cjk: true, position });
        position += Array.from(run).length;
      }
      run = '';
    };
    for (const ch of word) {
      if (CJK_CHAR.test(ch)) {
        flushLatin();
        run += ch;
      } else {
        flushRun();
        latin += ch;
      }
    }
    flushLatin();
    flushRun();
  }
  return out;
}

let writers: { hongKong: (s: string) => string; taiwan: (s: string) => string } | null = null;

/**
 * The other Chinese scripts' spellings of a query (Hong Kong's and Taiwan's, phrases and all,
 * and Simplified), those that fold to something else than the query does: folding reads text
 * as Traditional, so a Simplified word that is another Traditional phrase (`程序` folds as `进程`)
 * misses what the other script writes (`程式`). The empty state offers the one that finds
 * something. opencc's Simplified→Traditional tables (about 1 MB) load on the first call.
 */
export async function otherScriptSpellings(q: string): Promise<string[]> {
  if (!HAN.test(q)) return [];
  if (!writers) {
    const { Converter: FromSimplified } = await import('opencc-js/cn2t');
    writers = { hongKong: FromSimplified({ from: 'cn', to: 'hk' }), taiwan: FromSimplified({ from: 'cn', to: 'twp' }) };
  }
  const folded = fold(q);
  const spellings = [writers.hongKong(q), writers.taiwan(q), chinese().hongKong(chinese().phrases(q))];
  return [...new Set(spellings)].filter((s) => s !== q && fold(s) !== folded);
}
