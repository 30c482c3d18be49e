import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { declaredRefusals, DomainError, fillRefusal, numbered, refusals, type DeclaredRefusal } from '../../events';
import { translator as extensionT } from '../../extension/src/lib/i18n';
import { LANGUAGES } from '../../src/i18n/languages';
import { refusalText } from '../../src/shared/refusals';
import { flatten, translator } from '../../src/shared/strings';

/**
 * Every refusal the server can answer has a code, and every code its text in each language,
 * interpolating only the values its declaration names. The tables are found by reading the
 * source (any file that calls `refusals('<prefix>', …)`), so a table added on another branch is
 * walked without being listed here.
 */
const ROOT = resolve(__dirname, '../..');
const DECLARES = /\brefusals\(\s*'([^']+)'/g;

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return name === 'node_modules' ? [] : sources(path);
    return /\.tsx?$/.test(name) && !name.endsWith('.d.ts') ? [path] : [];
  });
}

const tables = ['events', 'modules', 'src']
  .flatMap((dir) => sources(join(ROOT, dir)))
  .map((file) => ({ file, prefixes: [...readFileSync(file, 'utf8').matchAll(DECLARES)].map((m) => m[1]) }))
  .filter(({ file, prefixes }) => prefixes.length > 0 && !file.endsWith('events/refusals.ts'));

const locale = (lng: string) => JSON.parse(readFileSync(join(ROOT, `src/i18n/locales/${lng}/refusals.json`), 'utf8')) as Record<string, Record<string, string>>;
const placeholders = (text: string) => [...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]);

let declared: DeclaredRefusal[] = [];
beforeAll(async () => {
  for (const { file } of tables) await import(file);
  // The example table below is this file's own.
  declared = declaredRefusals().filter((r) => !r.code.startsWith('example.'));
});

describe('refusal codes', () => {
  it('finds the tables: every module with decisions and the HTTP layer', () => {
    const prefixes = tables.flatMap((t) => t.prefixes);
    for (const prefix of [
      'accounts',
      'collections',
      'devices',
      'discussion',
      'engagement',
      'imports',
      'members',
      'prompts',
      'tokens',
      'request',
      'server',
      'rateLimits',
      'mcp',
    ])
      expect(prefixes).toContain(prefix);
    // One table per prefix: two would share codes.
    expect(new Set(prefixes).size, tables.map((t) => `${relative(ROOT, t.file)}: ${t.prefixes}`).join('\n')).toBe(prefixes.length);
    expect(new Set(declared.map((r) => r.code)).size).toBe(declared.length);
  });

  it.each([...LANGUAGES])('gives every declared code its text in %s, with only declared values', (lng) => {
    const texts = locale(lng);
    for (const { code, values } of declared) {
      const [prefix, key] = code.split('.');
      const text = texts[prefix]?.[key];
      expect(typeof text, `${lng} refusals:${code}`).toBe('string');
      for (const name of placeholders(text)) expect(Object.keys(values ?? {}), `${lng} refusals:${code} interpolates {{${name}}}`).toContain(name);
    }
  });

  it('declares a value for every placeholder of its English text, and the locale file says the same English', () => {
    const texts = locale('en');
    for (const { code, text, values } of declared) {
      for (const name of placeholders(text)) expect(Object.keys(values ?? {}), `${code} interpolates {{${name}}}`).toContain(name);
      const [prefix, key] = code.split('.');
      expect(texts[prefix][key], code).toBe(text);
    }
  });

  it.each([...LANGUAGES])('has no text in %s for a code nobody declares', (lng) => {
    const codes = new Set(declared.map((r) => r.code));
    const stale = Object.entries(locale(lng))
      .flatMap(([prefix, keys]) => Object.keys(keys).map((key) => `${prefix}.${key}`))
      .filter((code) => !codes.has(code));
    expect(stale).toEqual([]);
  });
});

describe('a refusal', () => {
  const TABLE = refusals('example', {
    plain: { kind: 'conflict', text: 'Already done' },
    counted: { kind: 'invalid', text: 'At most {{limit}} here', values: { limit: 'number' } },
    short: numbered('invalid', 'At most {{limit}} here'),
    wait: numbered('rate_limited', 'Again in {{retryAfter}} s', 'retryAfter'),
  });

  it('declared with `numbered` is the same as declared in full, its one number named `limit` unless named otherwise', () => {
    expect(TABLE.short.declared).toEqual({ ...TABLE.counted.declared, code: 'example.short' });
    expect(TABLE.wait({ retryAfter: 30 })).toMatchObject({ kind: 'rate_limited', message: 'Again in 30 s', values: { retryAfter: 30 } });
  });

  it('carries its code, kind, English text with its values filled in, and its values', () => {
    const error = new DomainError(TABLE.counted({ limit: 3 }), { field: 'name' });
    expect(error).toMatchObject({ code: 'example.counted', kind: 'invalid', message: 'At most 3 here', values: { limit: 3 } });
    expect(error.issues).toEqual([{ path: ['name'], message: 'At most 3 here', code: 'custom' }]);
    expect(new DomainError(TABLE.plain)).toMatchObject({ code: 'example.plain', kind: 'conflict', message: 'Already done' });
    expect(fillRefusal('{{a}} and {{b}}', { a: 1 })).toBe('1 and {{b}}');
  });

  it("is said in the reader's language from its code, and in the server's words only for a code this build does not know", () => {
    const t = translator({ lng: 'zh-HK', scope: 'common:', text: flatten({ refusals: locale('zh-HK') }) });
    expect(
      refusalText(t, { error: 'You already have 20 access tokens. Revoke one you no longer use first.', code: 'tokens.tooMany', values: { limit: 20 } }),
    ).toBe('你已有 20 個存取權杖，請先撤銷一個不再使用的。');
    expect(refusalText(t, { error: 'Something new', code: 'future.thing' })).toBe('Something new');
    // The extension bundles the same texts, and says them the same way.
    expect(refusalText(extensionT('zh-HK'), { error: 'This access token is read-only.', code: 'tokens.readOnly' })).toBe(locale('zh-HK').tokens.readOnly);
    expect(refusalText(t, { error: 'No code at all' })).toBe('No code at all');
  });
});
