import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { convertForeignPlaceholders, findForeignPlaceholders, templateVariables, type TemplateVariable } from '../../modules/prompts/contracts';

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

const golden = JSON.parse(readFileSync(new URL('./placeholders.golden.json', import.meta.url), 'utf8')) as GoldenCase[];

describe("other tools' placeholders: the golden file", () => {
  it('holds at least 20 cases, each named once', () => {
    expect(golden.length).toBeGreaterThanOrEqual(20);
    expect(new Set(golden.map((c) => c.case)).size).toBe(golden.length);
  });

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
});
