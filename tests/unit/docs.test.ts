import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The docs stay followable from a clone of the repository: the map stays short enough to read in
 * one sitting, every relative link names a file that exists, and no comment or doc points at a
 * tracker outside the repository by number: each states the rule it stands for, or links a
 * decision record under docs/decisions/.
 */
const ROOT = resolve(__dirname, '../..');
const MAP_MAX_LINES = 350;

/** What a clone holds but nobody wrote: installed packages, builds, test output, local data. */
const NOT_SOURCE = new Set(['node_modules', '.git', '.astro', 'dist', 'data', 'backups', 'test-results', 'playwright-report', '.test-results']);
const TEXT_FILE = /\.(ts|tsx|mts|js|mjs|cjs|astro|md|json|css|sh|yml|yaml|html)$/;

function sourceFiles(dir = ''): string[] {
  return readdirSync(join(ROOT, dir), { withFileTypes: true }).flatMap((entry) => {
    const path = dir ? `${dir}/${entry.name}` : entry.name;
    if (entry.isDirectory()) return NOT_SOURCE.has(entry.name) || entry.name.startsWith('dist-') || path === 'extension/dist' ? [] : sourceFiles(path);
    return TEXT_FILE.test(entry.name) && entry.name !== 'package-lock.json' ? [path] : [];
  });
}

const markdownFiles = () => sourceFiles().filter((path) => path === 'README.md' || (path.startsWith('docs/') && path.endsWith('.md')));

/** A citation of an outside tracker: the word (issue, finding, spec section, stop; plural or not), an optional `#`, a number. */
const CITATION = new RegExp(String.raw`\b(?:issue|finding|spec section|stop)s? ?#?\d+`, 'i');
export const citesOutside = (text: string) => CITATION.test(text);

/** Markdown links `[text](target)`, targets without a scheme: files of the repository. */
const LINK = /\[[^\]]*\]\(([^)\s]+)(?:\s+"[^"]*")?\)/g;
export function relativeLinks(markdown: string): string[] {
  const withoutCode = markdown.replace(/```[\s\S]*?```/g, '').replace(/`[^`\n]*`/g, '');
  return [...withoutCode.matchAll(LINK)].map((match) => match[1]).filter((target) => !/^[a-z][a-z0-9+.-]*:/i.test(target) && !target.startsWith('#'));
}

function missingTarget(file: string, target: string): string | null {
  const path = decodeURI(target.split('#')[0]);
  const resolved = path.startsWith('/') ? join(ROOT, path) : resolve(ROOT, dirname(file), path);
  return existsSync(resolved) ? null : `${file}: ${target}`;
}

describe('docs', () => {
  it(`the map, docs/architecture.md, is at most ${MAP_MAX_LINES} lines`, () => {
    const lines = readFileSync(join(ROOT, 'docs/architecture.md'), 'utf8').trimEnd().split('\n').length;
    expect(lines).toBeLessThanOrEqual(MAP_MAX_LINES);
  });

  it('finds relative links and citations of outside trackers', () => {
    expect(relativeLinks('See [a](a.md), [b](../b.md#x "t"), [c](https://x.y/c), [d](#d), `[e](e.md)`.')).toEqual(['a.md', '../b.md#x']);
    expect(citesOutside('// Limits (is' + 'sue 18): at most 20.')).toBe(true);
    expect(citesOutside('Is' + 'sue #7 found it')).toBe(true);
    expect(citesOutside('(fin' + 'dings 4, 5 and 8)')).toBe(true);
    expect(citesOutside('the spec' + ' section 3 says')).toBe(true);
    expect(citesOutside('an issue with 3 prompts; 18 issues; stops at 64 KB; decision 0004')).toBe(false);
  });

  it('every relative link in README.md and docs/ names a file of the repository', () => {
    const missing = markdownFiles().flatMap((file) =>
      relativeLinks(readFileSync(join(ROOT, file), 'utf8'))
        .map((target) => missingTarget(file, target))
        .filter((line): line is string => line !== null),
    );
    expect(missing).toEqual([]);
  });

  it('no comment or doc cites an issue, a finding or a spec section by number: it states the rule', () => {
    const cited = sourceFiles().flatMap((file) =>
      readFileSync(join(ROOT, file), 'utf8')
        .split('\n')
        .map((line, i) => (citesOutside(line) ? `${file}:${i + 1}: ${line.trim()}` : null))
        .filter((line): line is string => line !== null),
    );
    expect(cited).toEqual([]);
  });
});
