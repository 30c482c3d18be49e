import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

/**
 * zh-HK says 提示詞 for "prompt", one term everywhere: 提示 alone reads as
 * "hint" and mixing the two made the same thing look like two.
 */
describe('zh-HK terms', () => {
  it('uses 提示詞, never 提示 alone, for "prompt"', () => {
    const dir = new URL('../../src/i18n/locales/zh-HK/', import.meta.url);
    const found: string[] = [];
    for (const file of readdirSync(dir).filter((f) => f.endsWith('.json'))) {
      const walk = (value: unknown, path: string) => {
        if (typeof value === 'string') {
          if (/提示(?!詞)/.test(value)) found.push(`${file}:${path}: ${value}`);
        } else if (value && typeof value === 'object') for (const [k, v] of Object.entries(value)) walk(v, path ? `${path}.${k}` : k);
      };
      walk(JSON.parse(readFileSync(new URL(file, dir), 'utf8')), '');
    }
    expect(found).toEqual([]);
  });
});
