import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { SUBMIT_MESSAGES, submitRefusalKey } from '../../modules/prompts/contracts';

const locale = (lng: string, ns: string) => JSON.parse(readFileSync(new URL(`../../src/i18n/locales/${lng}/${ns}.json`, import.meta.url), 'utf8'));
const at = (tree: Record<string, unknown>, key: string) => key.split('.').reduce<unknown>((node, k) => (node as Record<string, unknown>)?.[k], tree);

/** The limits' 429 answers reach the user translated, in both languages. */
describe('limit messages', () => {
  it.each(['en', 'zh-HK'])('gives each submit refusal the server answers a translated text the submit forms show (%s)', (lng) => {
    for (const message of Object.values(SUBMIT_MESSAGES)) {
      const key = submitRefusalKey(message);
      expect(key, message).toBeDefined();
      expect(typeof at(locale(lng, 'review'), key!), `${lng} review:${key}`).toBe('string');
    }
    expect(submitRefusalKey('Something else')).toBeUndefined();
  });

  it.each(['en', 'zh-HK'])('has the library writes\' "too often" text (%s)', (lng) => {
    expect(typeof at(locale(lng, 'common'), 'library.tooFast')).toBe('string');
  });

  it('says 提示詞 for "prompt" in the new zh-HK texts', () => {
    for (const key of Object.keys(SUBMIT_MESSAGES)) expect(at(locale('zh-HK', 'review'), `submit.${key}`)).toContain('提示詞');
  });
});
