import type { PickerPrompt, PickerResults, ToWorker } from '../lib/messages';

/**
 * The picker's pool on this page: the user's own prompts and the library's first page, as the
 * worker keeps them (`pickerPool`), each with its text folded once. A key typed after `/` narrows
 * this at once; the site's ranked answer replaces the narrowed list when it comes.
 */
export interface Pool {
  results: PickerResults;
  /** Per prompt, its title, description and content, folded (`fold`). */
  hay: string[];
  /** Per prompt, its title folded. */
  titles: string[];
}

/** The picker's narrowing shows at most as many of each kind as the site's answers hold. */
export const NARROWED_OWN = 20;
export const NARROWED_LIBRARY = 20;

/** Case, width and accents set aside, as the site's search folds them (`projections/search-fold.ts` does more: Chinese variants). */
export const fold = (text: string) => text.normalize('NFKC').toLowerCase().normalize('NFD').replace(/\p{M}/gu, '');

export function makePool(results: PickerResults): Pool {
  return {
    results,
    hay: results.prompts.map((p) => fold(`${p.title}\n${p.description}\n${p.content}`)),
    titles: results.prompts.map((p) => fold(p.title)),
  };
}

/**
 * The pool's prompts holding every word of `filter` in any field: the user's own first (newest
 * first), then the library's; within each, those holding them all in the title first.
 */
export function narrow(pool: Pool, filter: string): PickerPrompt[] {
  const words = fold(filter).split(/\s+/).filter(Boolean);
  const own: [PickerPrompt, boolean][] = [];
  const library: [PickerPrompt, boolean][] = [];
  pool.results.prompts.forEach((prompt, i) => {
    if (!words.every((w) => pool.hay[i].includes(w))) return;
    (prompt.own ? own : library).push([prompt, words.every((w) => pool.titles[i].includes(w))]);
  });
  const ranked = (list: [PickerPrompt, boolean][], max: number) =>
    [...list.filter(([, inTitle]) => inTitle), ...list.filter(([, inTitle]) => !inTitle)].slice(0, max).map(([p]) => p);
  return [...ranked(own, NARROWED_OWN), ...ranked(library, NARROWED_LIBRARY)];
}

let current: Pool | null = null;
let asking: Promise<Pool | null> | null = null;

/** The pool as it is now on this page (null before the first answer). */
export const poolNow = () => current;

/** Asks the worker for the pool (one ask at a time); resolves with the new pool, or null when the site could not be asked. */
export function refreshPool(): Promise<Pool | null> {
  asking ??= chrome.runtime
    .sendMessage({ kind: 'promptory:pool' } satisfies ToWorker)
    .then((results: PickerResults) => {
      // The same pool again (the worker's minute is not over): folded already.
      if (!results.failed && (results.readAt === undefined || results.readAt !== current?.results.readAt)) current = makePool(results);
      return results.failed ? null : current;
    })
    .catch(() => null)
    .finally(() => (asking = null));
  return asking;
}
