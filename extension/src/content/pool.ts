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
  if (asking) return asking;
  const asked = generation;
  const ask = chrome.runtime
    .sendMessage({ kind: 'promptory:pool' } satisfies ToWorker)
    .then((results: PickerResults) => {
      // Asked for the account or site before the change: not this page's pool any more.
      if (asked !== generation || results.failed) return null;
      // The same pool again (the worker's minute is not over): folded already.
      if (results.readAt === undefined || results.readAt !== current?.results.readAt) current = makePool(results);
      return current;
    })
    .catch(() => null)
    .finally(() => asking === ask && (asking = null));
  asking = ask;
  return ask;
}

/** A generation per pool: an answer asked for before the pool was dropped is not installed. */
let generation = 0;

/** Forgets this page's pool (the user connected, disconnected or chose another site): the next open asks again. */
export function dropPool(): void {
  generation++;
  current = null;
  asking = null;
}

/** What the list shows, as the session keeps it (`PickerView`'s list part). */
export interface ListView {
  filter: string;
  /** null while the first answer is on its way. */
  results: PickerResults | null;
  /** The filter `results` answer. */
  resultsFor: string | null;
  /** `results` are the page's pool narrowed to the filter, not yet the site's answer. */
  provisional: boolean;
  active: number;
  /** The order number of the site's answer shown (0: none yet); an older one never replaces it. */
  answered: number;
}

/** The site's answer to the filter `q`, the `seq`-th asked by this picker. */
export interface Answer {
  q: string;
  seq: number;
  results: PickerResults;
}

/** The highlighted prompt stays highlighted when a new list still holds it (arrow keys pressed before an answer came). */
function keptActive(view: ListView, results: PickerResults): number {
  const chosen = view.results?.prompts[view.active];
  const i = chosen ? results.prompts.findIndex((p) => p.id === chosen.id && p.own === chosen.own) : -1;
  return view.active > 0 && i >= 0 ? i : 0;
}

function narrowedView<V extends ListView>(view: V, pool: Pool): V {
  const results = { ...pool.results, prompts: narrow(pool, view.filter) };
  return { ...view, results, resultsFor: view.filter, provisional: true, active: keptActive(view, results) };
}

/**
 * The three things that change the list, each deterministic whatever order they come in:
 * a key (`typed`), the pool arriving (`pooled`), the site's answer (`answered`). The list always
 * answers the filter now in the composer: the pool narrowed to it at once, then the site's
 * answer to that same filter; an answer to another filter (typed since) is dropped.
 */
export function typed<V extends ListView>(view: V, filter: string, pool: Pool | null): V {
  const next = { ...view, filter, active: 0 };
  return pool ? narrowedView(next, pool) : next;
}

/** The pool came (or came again): it narrows the list unless the site's answer to the filter is shown already. */
export function pooled<V extends ListView>(view: V, pool: Pool): V {
  return view.resultsFor === view.filter && !view.provisional ? view : narrowedView(view, pool);
}

/** The site's answer replaces the list only when it answers the filter now, and is newer than the answer shown. */
export function answered<V extends ListView>(view: V, answer: Answer): V {
  if (answer.q !== view.filter || answer.seq <= view.answered) return view;
  return { ...view, results: answer.results, resultsFor: answer.q, provisional: false, active: keptActive(view, answer.results), answered: answer.seq };
}
