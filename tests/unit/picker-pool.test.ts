import { describe, expect, it } from 'vitest';
import { answered, makePool, narrow, NARROWED_OWN, pooled, typed, type ListView } from '../../extension/src/content/pool';
import type { PickerPrompt, PickerResults } from '../../extension/src/lib/messages';

/** The chat-box picker's narrowing on the page, while the site is asked: what a key shows at once. */
const prompt = (id: number, title: string, own: boolean, content = 'Some text.', description = 'A prompt.'): PickerPrompt => ({
  id,
  title,
  description,
  content,
  own,
});
const pool = (prompts: PickerPrompt[]) => makePool({ prompts, signedIn: true, language: 'en', siteUrl: 'https://promptory.test' });

describe('the picker pool', () => {
  it('keeps the prompts holding every word of the filter in any field, own ones first, title matches first within each', () => {
    const p = pool([
      prompt(1, 'Weekly report', true, 'Summarise the week.'),
      prompt(2, 'Meeting summary', true),
      prompt(3, 'Plain English', true),
      prompt(4, 'Summary of a paper', false),
      prompt(5, 'Tweet', false, 'Sum it up in a tweet.'),
    ]);
    expect(narrow(p, 'sum').map((x) => x.id)).toEqual([2, 1, 4, 5]);
    expect(narrow(p, 'sum week').map((x) => x.id)).toEqual([1]);
    expect(narrow(p, '').map((x) => x.id)).toEqual([1, 2, 3, 4, 5]);
    expect(narrow(p, 'zzz')).toEqual([]);
  });

  it('sets case, full-width forms and accents aside, as the site does', () => {
    const p = pool([prompt(1, 'Résumé Builder', true), prompt(2, '會議總結', true), prompt(3, 'GPT helper', false)]);
    expect(narrow(p, 'RESUME').map((x) => x.id)).toEqual([1]);
    expect(narrow(p, '總結').map((x) => x.id)).toEqual([2]);
    expect(narrow(p, 'ｇｐｔ').map((x) => x.id)).toEqual([3]);
  });

  it('shows at most a page of own prompts, as the site answers', () => {
    const p = pool(Array.from({ length: 1000 }, (_, i) => prompt(i, `Summary ${i}`, true)));
    expect(narrow(p, 'summary')).toHaveLength(NARROWED_OWN);
    expect(narrow(p, 'summary 999').map((x) => x.id)).toEqual([999]);
  });
});

/**
 * The list while keys, the pool and the site's answers cross: whatever order they come in, it
 * shows the filter now in the composer (the pool narrowed at once, then the site's answer to that
 * filter), never an answer to a filter typed over.
 */
describe('the picker list, as keys, the pool and the site answers cross', () => {
  const lines = prompt(1, 'Composer lines', true);
  const blanks = prompt(2, 'Composer blanks', true);
  const library = prompt(3, 'Weekly report', false);
  const p = pool([blanks, lines, library]);
  const site = (prompts: PickerPrompt[]): PickerResults => ({ prompts, signedIn: true, language: 'en', siteUrl: 'https://promptory.test' });
  const opened: ListView = { filter: '', results: null, resultsFor: null, provisional: false, active: 0, answered: 0 };
  const ids = (view: ListView) => view.results?.prompts.map((x) => x.id);

  it('drops the site answer to the empty filter when it comes after a filter was typed (the command-opened picker)', () => {
    // Opened (the site asked for '' as 1), then the filter typed before that answer came.
    let view = typed(opened, '', p);
    view = typed(view, 'composer lines', p);
    expect(ids(view)).toEqual([1]);
    view = answered(view, { q: '', seq: 1, results: site([blanks, lines, library]) });
    expect(view).toMatchObject({ filter: 'composer lines', resultsFor: 'composer lines', provisional: true });
    expect(ids(view)).toEqual([1]);
    // The answer to the filter itself (asked as 2) replaces the narrowed list.
    view = answered(view, { q: 'composer lines', seq: 2, results: site([lines]) });
    expect(view).toMatchObject({ resultsFor: 'composer lines', provisional: false, answered: 2 });
  });

  it('keeps the newer answer when two answers to the same filter come in the other order', () => {
    let view = typed(opened, 'comp', p);
    view = answered(view, { q: 'comp', seq: 3, results: site([lines]) });
    view = answered(view, { q: 'comp', seq: 1, results: site([blanks, lines]) });
    expect(ids(view)).toEqual([1]);
    expect(view.answered).toBe(3);
  });

  it('lets a pool that comes late narrow the list, but never replace the site answer to the filter', () => {
    // No pool yet: the keys change the filter only; the pool then narrows to it.
    let view = typed(opened, 'blanks', null);
    expect(view.results).toBeNull();
    view = pooled(view, p);
    expect(view).toMatchObject({ resultsFor: 'blanks', provisional: true });
    expect(ids(view)).toEqual([2]);
    view = answered(view, { q: 'blanks', seq: 2, results: site([blanks, library]) });
    expect(pooled(view, p)).toBe(view);
    // A key after it narrows from the pool again, until the site answers the new filter.
    view = typed(view, 'blanks zq', p);
    expect(view).toMatchObject({ resultsFor: 'blanks zq', provisional: true, results: { prompts: [] } });
  });

  it('keeps the highlighted prompt when the site answer still holds it', () => {
    let view = typed(opened, 'composer', p);
    expect(ids(view)).toEqual([2, 1]);
    view = { ...view, active: 1 };
    view = answered(view, { q: 'composer', seq: 1, results: site([library, lines, blanks]) });
    expect(view.active).toBe(1);
    expect(view.results!.prompts[view.active].id).toBe(1);
  });
});
