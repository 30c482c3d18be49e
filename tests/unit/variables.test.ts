import { describe, expect, it } from 'vitest';
import {
  blockVariableNames,
  fillTemplate,
  hasTemplateVariables,
  initialFillValues,
  parseTemplate,
  templateVariables,
  type TemplateVariable,
} from '../../modules/prompts/contracts';
import { goldenCases } from '../support/golden';

interface GoldenCase {
  case: string;
  input: string;
  variables: TemplateVariable[];
  /** `fillTemplate(input, {})`: defaults in, escapes out, variables without a default as written. */
  unfilled: string;
  values?: Record<string, string>;
  filled?: string;
}

describe('fill-in variables: the golden file', () => {
  const golden = goldenCases<GoldenCase>(new URL('./variables.golden.json', import.meta.url), 30);

  for (const c of golden) {
    it(c.case, () => {
      expect(templateVariables(c.input)).toEqual(c.variables);
      expect(hasTemplateVariables(c.input)).toBe(c.variables.length > 0);
      expect(fillTemplate(c.input, {})).toBe(c.unfilled);
      if (c.values) expect(fillTemplate(c.input, c.values)).toBe(c.filled);
    });
  }
});

describe('fill-in variables: segments for the preview', () => {
  it('cuts the content into text and variables that join back into the unfilled text', () => {
    const input = 'Hi {{who}},\n\\{{x}} {{tone:a|b}}';
    const { segments } = parseTemplate(input);
    expect(segments).toEqual([
      { kind: 'text', text: 'Hi ' },
      { kind: 'variable', name: 'who', raw: '{{who}}', block: false },
      { kind: 'text', text: ',\n{{x}} ' },
      { kind: 'variable', name: 'tone', raw: '{{tone:a|b}}', block: false },
    ]);
  });

  it('marks a variable alone on its line as a block (a multi-line field)', () => {
    const input = 'Job ad:\n"""\n{{job ad}}\n"""\nCV:\n  {{CV}}  \r\nName: {{name}}\n{{closing}}';
    expect([...blockVariableNames(parseTemplate(input).segments)].sort()).toEqual(['CV', 'closing', 'job ad']);
    expect([...blockVariableNames(parseTemplate('{{only}}').segments)]).toEqual(['only']);
    expect([...blockVariableNames(parseTemplate('{{a}}{{b}}').segments)]).toEqual([]);
  });

  it('fills a parsed template as it fills the content', () => {
    const input = '{{a:1}} {{b}}';
    expect(fillTemplate(parseTemplate(input), { b: '2' })).toBe(fillTemplate(input, { b: '2' }));
  });
});

describe('fill-in variables: the first values a panel offers', () => {
  it('offers the last value, else the default, else nothing; a remembered choice only while it is still offered', () => {
    const { variables } = parseTemplate('{{topic}} {{tone:formal|casual}} {{length:short}} {{audience}} {{style:plain|rich}}');
    expect(initialFillValues(variables, { topic: 'cats', tone: 'casual', style: 'gone', unknown: 'x' })).toEqual({
      topic: 'cats',
      tone: 'casual',
      length: 'short',
      audience: '',
      style: 'plain',
    });
  });
});
