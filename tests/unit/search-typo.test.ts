import { describe, expect, it } from 'vitest';
import { expectAnswers } from '../support/answers';
import { oneEditApart, oneEditAway, typoEligible } from '../../projections/search-typo';
import { parseQuery, typoCandidates } from '../../projections/search-query';
import { searchMatch } from '../../projections/search-highlight';

describe('one typo', () => {
  it.each([
    ['tranlsator', 'translator'],
    ['promtps', 'prompts'],
    ['translatr', 'translator'],
    ['translattor', 'translator'],
    ['tranzlator', 'translator'],
    ['сообщениe', 'сообщение'],
    ['καλημρα', 'καλημερα'],
  ])('%s is one edit from %s, both ways', (typed, word) => {
    if (typed !== word) expect(oneEditAway(typed)).toContain(word);
    expect(oneEditApart(typed, word)).toBe(typed !== word);
    expect(oneEditApart(word, typed)).toBe(typed !== word);
  });

  it.each([
    ['trnalsator', 'translator'],
    ['translator', 'translator'],
    ['abcde', 'abcdefg'],
    ['prompts', 'promtpss'],
  ])('%s is not one edit from %s', (a, b) => {
    expect(oneEditApart(a, b)).toBe(false);
    expect(oneEditAway(a)).not.toContain(b);
  });

  it('makes every string one edit away, and only those', () => {
    const near = oneEditAway('stack');
    expect(near).not.toContain('stack');
    expect(new Set(near).size).toBe(near.length);
    for (const w of near) expect(oneEditApart('stack', w)).toBe(true);
    expect(near).toEqual(expect.arrayContaining(['tack', 'satck', 'stacks', 'stick']));
  });

  it('is for words of five letters or more, not numbers', () => {
    expectAnswers(typoEligible, [
      ['trace', true],
      ['tace', false],
      ['12345', false],
      ['gpt45', true],
    ]);
  });
});

describe('the query parser with typos (golden)', () => {
  it('names the words that may carry a typo: long Latin words outside quotes', () => {
    expect(typoCandidates('Promtps "tranlsator here" abc 1234567 寫作 ＣＡＦＥＳ')).toEqual(['promtps', 'cafes']);
  });

  it.each([
    ['tranlsator', [['tranlsator', ['translator']]], "'translator'"],
    ['tranlsator', [['tranlsator', ['translator', 'translators']]], "('translator' | 'translators')"],
    ['gpt-tranlsator', [['tranlsator', ['translator']]], "('gpt':* <-> 'translator')"],
    ['stack promtps', [['promtps', ['prompts']]], "'stack':* & 'prompts'"],
    ['"promtps"', [['promtps', ['prompts']]], "'promtps'"],
    ['promtps', [], "'promtps':*"],
  ] as const)('%s with %j → %s', (q, expansions, tsquery) => {
    const parsed = parseQuery(q, new Map(expansions.map(([w, s]) => [w, [...s]])));
    expect(parsed.tsquery).toBe(tsquery);
    expect(parsed.expanded).toBe(tsquery !== "'promtps'" && expansions.length > 0);
  });

  it('marks the stand-ins of a mistyped word, in the title and the excerpt', () => {
    const marked = (text: string, ranges: [number, number][]) => ranges.map(([s, e]) => text.slice(s, e));
    const prompt = { title: 'Translator', content: 'Be a careful TRANSLATOR.' };
    const match = searchMatch(prompt, 'tranlsator', new Map([['tranlsator', ['translator']]]));
    expect(marked(prompt.title, match.title)).toEqual(['Translator']);
    expect(marked(match.excerpt!.text, match.excerpt!.ranges)).toEqual(['TRANSLATOR']);
    expect(searchMatch(prompt, 'tranlsator').title).toEqual([]);
  });
});
