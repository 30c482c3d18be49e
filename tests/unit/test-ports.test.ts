import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The integration files run two at a time, so no two may listen on the same port: every
 * `testPort(N)` offset (directly, or through `serverPerSuite` and `builtServerPerSuite`) belongs
 * to one file (the workers' own PostgreSQL clusters take 90 and up: tests/support). Reads the files' text, so a new file that takes a used offset fails here, naming both.
 */
const DIRS = ['tests/integration', 'tests/support'];
const CLAIMS = [/testPort\(([^()]*)\)/g, /serverPerSuite\(\s*\w+,\s*\{([^}]*)\}/g, /builtServerPerSuite\(\s*'[^']*',\s*(\d+)\s*\)/g];

function offsetsOf(text: string): number[] {
  return CLAIMS.flatMap((claim) => [...text.matchAll(claim)].flatMap((m) => (m[1].match(/\d+/g) ?? []).map(Number)));
}

describe('integration test ports', () => {
  it('gives each port offset to one file', () => {
    const owners = new Map<number, string>();
    const clashes: string[] = [];
    const files = DIRS.flatMap((dir) =>
      readdirSync(dir)
        .filter((f) => f.endsWith('.ts'))
        .map((f) => join(dir, f)),
    );
    for (const file of files)
      for (const offset of new Set(offsetsOf(readFileSync(file, 'utf8')))) {
        const owner = owners.get(offset);
        if (owner) clashes.push(`testPort(${offset}) is taken by both ${owner} and ${file}`);
        else owners.set(offset, file);
      }
    expect(clashes).toEqual([]);
    // The reading finds the offsets at all (a changed helper name would make this test pass on nothing).
    expect(owners.size).toBeGreaterThan(15);
  });
});
