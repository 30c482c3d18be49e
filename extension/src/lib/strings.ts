import { STRING_SPECS } from '../../../src/shared/string-specs';
import { flatten, pick, translator as over, type Strings, type T as ScopedT } from '../../../src/shared/strings';
import type { Language } from '../../../src/i18n/languages';
import en from '../../../src/i18n/locales/en/extension.json';
import zh from '../../../src/i18n/locales/zh-HK/extension.json';
import enPrompts from '../../../src/i18n/locales/en/prompts.json';
import zhPrompts from '../../../src/i18n/locales/zh-HK/prompts.json';
import enReview from '../../../src/i18n/locales/en/review.json';
import zhReview from '../../../src/i18n/locales/zh-HK/review.json';
import enRefusals from '../../../src/i18n/locales/en/refusals.json';
import zhRefusals from '../../../src/i18n/locales/zh-HK/refusals.json';

/**
 * The site's own translation files, bundled at build time into the same `Strings` bundles the
 * site hands its islands (spec `extension`): the extension says what the site says, refusals
 * included (by their code: src/shared/refusals.ts).
 */
const english = flatten({ extension: en, prompts: enPrompts, review: enReview, refusals: enRefusals });
const BUNDLES: Record<Language, Strings<'extension:'>> = {
  en: { lng: 'en', scope: 'extension:', text: pick(english, STRING_SPECS.extension) },
  'zh-HK': {
    lng: 'zh-HK',
    scope: 'extension:',
    text: pick({ ...english, ...flatten({ extension: zh, prompts: zhPrompts, review: zhReview, refusals: zhRefusals }) }, STRING_SPECS.extension),
  },
};

/** `t('panel.copy')` in the extension namespace; `t('prompts:categories.writing')` elsewhere. */
export type T = ScopedT<'extension:'>;

export function translator(language: Language): T {
  return over(BUNDLES[language] ?? BUNDLES.en);
}
