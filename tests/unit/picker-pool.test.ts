import { describe, expect, it } from 'vitest';
import { makePool, narrow, NARROWED_OWN } from '../../extension/src/content/pool';
import type { PickerPrompt } from '../../extension/src/lib/messages';

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
