import { describe, expect, it } from 'vitest';
import { convertForeignPlaceholders, findForeignPlaceholders, parseTemplate, templateVariables, type TemplateVariable } from '../../modules/prompts/contracts';
import { goldenCases } from '../support/golden';

interface GoldenCase {
  case: string;
  input: string;
  /** Every placeholder from another tool, as written, in order. */
  found: string[];
  /** The content once converted. */
  converted: string;
  /** The variables Promptory's parser then reads. */
  variables: TemplateVariable[];
}

describe("other tools' placeholders: the golden file", () => {
  const golden = goldenCases<GoldenCase>(new URL('./placeholders.golden.json', import.meta.url), 20);

  for (const c of golden) {
    it(c.case, () => {
      const found = findForeignPlaceholders(c.input);
      expect(found.map((p) => p.raw)).toEqual(c.found);
      for (const p of found) expect(c.input.slice(p.start, p.end)).toBe(p.raw);
      const converted = convertForeignPlaceholders(c.input);
      expect(converted).toBe(c.converted);
      expect(templateVariables(converted)).toEqual(c.variables);
      // Converting twice changes nothing more: what it wrote is Promptory's own.
      expect(findForeignPlaceholders(converted)).toEqual([]);
      expect(convertForeignPlaceholders(converted)).toBe(converted);
    });
  }
});

describe("other tools' placeholders: the editor's use", () => {
  it('converts only the placeholders it is given (the ones the author saw)', () => {
    const content = 'Dear [Name], about ${topic}.';
    const [name] = findForeignPlaceholders(content);
    expect(convertForeignPlaceholders(content, [name])).toBe('Dear {{Name}}, about ${topic}.');
  });

  it('on any mix of brackets, braces, names and code marks: in order, each a variable the parser reads, stable once converted, no variable lost', () => {
    // A seeded generator: the same 3,000 contents on every run.
    let seed = 42;
    const next = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    const pieces = [
      '[',
      ']',
      '{',
      '}',
      '$',
      '<',
      '>',
      '【',
      '】',
      ':',
      '|',
      ' ',
      'a',
      'Name',
      '主題',
      '\n',
      '`',
      '\\',
      '(',
      ')',
      '!',
      '"',
      ',',
      '::',
      'list-',
      ';',
      '=',
      'text',
      '```\n',
    ];
    for (let i = 0; i < 3000; i++) {
      const content = Array.from({ length: 1 + Math.floor(next() * 14) }, () => pieces[Math.floor(next() * pieces.length)]).join('');
      const found = findForeignPlaceholders(content);
      let end = 0;
      for (const p of found) {
        expect(p.start, content).toBeGreaterThanOrEqual(end);
        expect(content.slice(p.start, p.end)).toBe(p.raw);
        expect(parseTemplate(p.variable).segments, content).toMatchObject([{ kind: 'variable' }]);
        end = p.end;
      }
      const converted = convertForeignPlaceholders(content, found);
      expect(findForeignPlaceholders(converted), content).toEqual([]);
      expect(templateVariables(converted).length, content).toBeGreaterThanOrEqual(templateVariables(content).length);
    }
  });
});
