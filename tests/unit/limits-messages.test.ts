import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { PROMPT_REFUSALS } from '../../modules/prompts/contracts';
import { RATE_REFUSALS } from '../../src/server/refusals';

const locale = (lng: string, ns: string) => JSON.parse(readFileSync(new URL(`../../src/i18n/locales/${lng}/${ns}.json`, import.meta.url), 'utf8'));
const at = (tree: Record<string, unknown>, key: string) => key.split('.').reduce<unknown>((node, k) => (node as Record<string, unknown>)?.[k], tree);

/** The limits' 429 answers reach the user translated, in both languages. */
describe('limit messages', () => {
  it.each(['en', 'zh-HK'])('gives each submit refusal the server answers a translated text by its code (%s)', (lng) => {
    for (const { code } of [PROMPT_REFUSALS.tooManyPending, RATE_REFUSALS.submit])
      expect(typeof at(locale(lng, 'refusals'), code), `${lng} refusals:${code}`).toBe('string');
  });

  it.each(['en', 'zh-HK'])('has the library writes\' "too often" text (%s)', (lng) => {
    expect(typeof at(locale(lng, 'common'), 'library.tooFast')).toBe('string');
  });

  it('says 提示詞 for "prompt" in the new zh-HK texts', () => {
    for (const { code } of [PROMPT_REFUSALS.tooManyPending, RATE_REFUSALS.submit]) expect(at(locale('zh-HK', 'refusals'), code)).toContain('提示詞');
  });
});
