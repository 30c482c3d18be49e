import { describe, expect, it } from 'vitest';
import { flatten, pick, translator } from '../../src/shared/strings';

const tables = {
  review: { submit: { button: 'Submit', count_one: '{{count}} prompt', count_other: '{{count}} prompts' }, hello: 'Hello {{name}}' },
  common: { actions: { close: 'Close', copy: 'Copy' }, toasts: { done: 'Done' } },
};

describe('strings bundles', () => {
  it('flattens namespaces into namespace:path keys', () => {
    expect(flatten(tables)).toMatchObject({ 'review:submit.button': 'Submit', 'common:actions.close': 'Close' });
  });

  it('picks subtrees by prefix and single keys with their plural forms only', () => {
    const flat = flatten(tables);
    expect(Object.keys(pick(flat, { scope: 'review:', include: ['review:submit.count', 'common:actions.'] })).sort()).toEqual([
      'common:actions.close',
      'common:actions.copy',
      'review:submit.count_one',
      'review:submit.count_other',
    ]);
  });

  it('reads unqualified keys in its scope, qualified keys anywhere, interpolates and picks plural forms', () => {
    const t = translator({ lng: 'en', scope: 'review:', text: flatten(tables) });
    const loose = t as (key: string, values?: Record<string, unknown>) => string;
    expect(loose('submit.button')).toBe('Submit');
    expect(loose('common:actions.close')).toBe('Close');
    expect(loose('hello', { name: 'Ada' })).toBe('Hello Ada');
    expect(loose('submit.count', { count: 1 })).toBe('1 prompt');
    expect(loose('submit.count', { count: 3 })).toBe('3 prompts');
    expect(loose('missing.key', { defaultValue: 'Fallback' })).toBe('Fallback');
    expect(loose('missing.key')).toBe('review:missing.key');
  });

  it('uses the language’s plural rules (Chinese has one form)', () => {
    const t = translator({ lng: 'zh-HK', scope: 'review:', text: { 'review:n_other': '{{count}} 個' } });
    expect((t as (k: string, v?: object) => string)('n', { count: 1 })).toBe('1 個');
  });

  it("writes amounts with the language's digit grouping, and ids and versions as they are", () => {
    for (const lng of ['en', 'zh-HK'] as const) {
      const t = translator({
        lng,
        scope: 'review:',
        text: { 'review:max': 'at most {{limit}}', 'review:n_other': '{{count}} prompts', 'review:of': 'prompt #{{id}}, version {{version}}' },
      }) as (k: string, v?: object) => string;
      expect(t('max', { limit: 200000 })).toBe('at most 200,000');
      expect(t('n', { count: 5000 })).toBe('5,000 prompts');
      expect(t('of', { id: 12345, version: 1000 })).toBe('prompt #12345, version 1000');
    }
  });
});
