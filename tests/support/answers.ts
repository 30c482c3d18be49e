import { expect } from 'vitest';

/**
 * Checks a function against a table of inputs and the answer each must get, so a rule's cases
 * read as data; a failure names the input it was given.
 */
export function expectAnswers<I, O>(fn: (input: I) => O, cases: ReadonlyArray<readonly [I, O]>): void {
  for (const [input, answer] of cases) expect(fn(input), JSON.stringify(input)).toEqual(answer);
}
