import { writeCsv } from '../../modules/portability';

/**
 * A prompts.chat CSV the size and shape of the real public dataset that first came in short
 * (1,282 prompts): most a few hundred characters, about a hundred past the public library's
 * 5,000 (a few up to 144,000), three titles past 100 characters. Deterministic, so a failure
 * names the same prompt every run.
 */
export const REAL_SIZE = { prompts: 1282, overPublicLimit: 98, longest: 144_000, longTitles: 3 } as const;

const WORDS = ['Act', 'as', 'a', 'travel', 'guide', 'and', 'plan', 'my', 'trip', 'with', 'care', '請', '規劃', '行程', 'write', 'the', 'code', 'review'];

/** `length` characters of words, the same for the same seed. */
function text(length: number, seed: number): string {
  const parts: string[] = [];
  let size = 0;
  for (let i = 0; size < length; i++) {
    const word = WORDS[(seed * 7 + i * 13) % WORDS.length];
    parts.push(word);
    size += word.length + 1;
  }
  // A prompt is stored trimmed: end on a letter so its length is the length asked for.
  return `${`${seed} ${parts.join(' ')}`.slice(0, length - 1)}.`;
}

/** The lengths of the long prompts: spread from 5,001 up, the last few far past it, the longest 144,000. */
function longLength(i: number): number {
  if (i >= REAL_SIZE.overPublicLimit - 4) return [36_000, 72_000, 108_000, REAL_SIZE.longest][i - (REAL_SIZE.overPublicLimit - 4)];
  return 5_001 + i * 160;
}

export function realSizePromptsChatCsv(): { csv: string; lengths: number[] } {
  const rows: string[][] = [];
  const lengths: number[] = [];
  for (let i = 0; i < REAL_SIZE.prompts; i++) {
    const long = i % 13 === 5 && lengths.filter((l) => l > 5000).length < REAL_SIZE.overPublicLimit;
    const length = long ? longLength(lengths.filter((l) => l > 5000).length) : 120 + ((i * 37) % 1400);
    const title =
      i < REAL_SIZE.longTitles ? `A prompt whose title runs on ${i} ${'and on '.repeat(16)}past the limit` : `Prompt ${i}: ${WORDS[i % WORDS.length]}`;
    rows.push([title, text(length, i), i % 4 === 0 ? 'TRUE' : 'FALSE']);
    lengths.push(length);
  }
  return { csv: writeCsv(['act', 'prompt', 'for_devs'], rows), lengths };
}
