import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { safeReturnTo, signInHref } from '../../src/shared/return-to';

describe('sign-in return path', () => {
  it('keeps same-site paths with their query', () => {
    expect(safeReturnTo('/dashboard')).toBe('/dashboard');
    expect(safeReturnTo('/prompts?tab=favorites&page=2')).toBe('/prompts?tab=favorites&page=2');
    expect(safeReturnTo('/extension/connect?key=abc#x')).toBe('/extension/connect?key=abc#x');
  });

  it.each([
    '//evil.example',
    '//evil.example/dashboard',
    'https://evil.example/',
    'http:/evil.example',
    'javascript:alert(1)',
    '/\\evil.example',
    '/\\/evil.example',
    '\\\\evil.example',
    '/ /evil',
    '/\t/evil.example',
    '/\n/evil.example',
    'dashboard',
    '',
    null,
    undefined,
    '/auth',
    '/auth/reset-password?email=a',
    '/' + 'a'.repeat(1001),
  ])('rejects %j', (raw) => {
    expect(safeReturnTo(raw)).toBeNull();
  });

  it('builds the sign-in link', () => {
    expect(signInHref('/dashboard/collections')).toBe('/auth?next=%2Fdashboard%2Fcollections');
    expect(signInHref('/')).toBe('/auth');
    expect(signInHref('//evil.example')).toBe('/auth');
    expect(signInHref('/prompts/5', 'register')).toBe('/auth?tab=register&next=%2Fprompts%2F5');
  });

  // What a link's query decodes to, or a path that stays percent-encoded: either refused, or a path on this site.
  it.each([
    decodeURIComponent('%2F%2Fevil.com'),
    decodeURIComponent('%2F%5Cevil.com'),
    decodeURIComponent('https%3A%2F%2Fevil.com'),
    '/%2F%2Fevil.com',
    '/%5Cevil.com',
    '/%5C%5Cevil.com',
    '/%09/evil.com',
    '/..//evil.com',
    '/.%2F%2Fevil.com',
    '/\u2215\u2215evil.com',
    '/　/evil.com',
    '/@evil.com',
  ])('never leaves the site for %j', (raw) => {
    const next = safeReturnTo(raw);
    if (next !== null) {
      expect(next.startsWith('/') && !next.startsWith('//') && !next.includes('\\')).toBe(true);
      expect(new URL(next, 'https://promptory.example').origin).toBe('https://promptory.example');
    }
  });
});

/**
 * Every sign-in prompt goes through `signInHref`, so each returns to the page it came from:
 * a hand-written `/auth` link would land the user on the home page. Only the files that
 * build the link, compare a path with it, or email it may spell it.
 */
describe('sign-in links', () => {
  const MAY_SPELL = new Set(['src/shared/return-to.ts', 'src/layouts/Base.astro', 'src/server/mail/index.ts', 'src/pages/api/auth/register.ts']);
  const files = (dir: string): string[] =>
    readdirSync(dir).flatMap((name) => {
      const path = join(dir, name);
      if (statSync(path).isDirectory()) return name === 'node_modules' || name === 'dist' ? [] : files(path);
      return /\.(tsx?|astro|mjs)$/.test(name) ? [path] : [];
    });

  it('are built by signInHref everywhere else', () => {
    const handWritten = [...files('src'), ...files('extension/src')]
      .filter((file) => !MAY_SPELL.has(file))
      .flatMap((file) =>
        readFileSync(file, 'utf8')
          .split('\n')
          .flatMap((line, i) => (/['"`]\/auth([?#'"`]|\/|$)/.test(line) ? [`${file}:${i + 1}: ${line.trim()}`] : [])),
      );
    expect(handWritten).toEqual([]);
  });
});
