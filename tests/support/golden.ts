import { readFileSync } from 'node:fs';
import { expect, it } from 'vitest';

/**
 * The cases of a golden file (a JSON list, each case named), for a describe block that runs
 * each one: adds the test that the file holds at least `atLeast` of them, each named once, so a
 * truncated or copied file fails instead of passing with fewer cases.
 */
export function goldenCases<T extends { case: string }>(url: URL, atLeast: number): T[] {
  const golden = JSON.parse(readFileSync(url, 'utf8')) as T[];
  it(`holds at least ${atLeast} cases, each named once`, () => {
    expect(golden.length).toBeGreaterThanOrEqual(atLeast);
    expect(new Set(golden.map((c) => c.case)).size).toBe(golden.length);
  });
  return golden;
}
