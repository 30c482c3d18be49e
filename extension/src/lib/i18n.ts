import { formMessage, type FormIssue } from '../../../src/shared/form-messages';
import type { CategoryKey, KeyIn } from '../../../src/i18n/keys';
import type { Language } from '../../../src/i18n/languages';
import en from '../../../src/i18n/locales/en/extension.json';
import zh from '../../../src/i18n/locales/zh-HK/extension.json';
import enPrompts from '../../../src/i18n/locales/en/prompts.json';
import zhPrompts from '../../../src/i18n/locales/zh-HK/prompts.json';
import enReview from '../../../src/i18n/locales/en/review.json';
import zhReview from '../../../src/i18n/locales/zh-HK/review.json';

/** The site's own translation files, bundled: the extension says what the site says. */
const MESSAGES: Record<Language, { extension: typeof en; prompts: typeof enPrompts; review: Pick<typeof enReview, 'validation'> }> = {
  en: { extension: en, prompts: enPrompts, review: { validation: enReview.validation } },
  'zh-HK': { extension: zh as typeof en, prompts: zhPrompts as typeof enPrompts, review: { validation: zhReview.validation as typeof enReview.validation } },
};

/** What the extension may translate: its own namespace unnamed, the bundled ones (review: its validation only) by name. Typed from the English files. */
export type ExtensionKey = KeyIn<'extension'> | `prompts:${KeyIn<'prompts'>}` | `review:${Extract<KeyIn<'review'>, `validation.${string}`>}` | CategoryKey;
export type T = (key: ExtensionKey, values?: Record<string, string | number>) => string;

/** `t('panel.copy')` in the extension namespace; `t('prompts:categories.writing')` elsewhere. */
export function translator(language: Language): T {
  return (key, values = {}) => {
    const [ns, path] = key.includes(':') ? key.split(':') : ['extension', key];
    const pick = (lng: Language) =>
      path.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], MESSAGES[lng][ns as 'extension']);
    const found = pick(language) ?? pick('en');
    const text = typeof found === 'string' ? found : key;
    return text.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(values[name] ?? ''));
  };
}

/** A save-form issue (a local parse's or the site's answer's) in the user's language; unknown ones as the site worded them. */
export function issueMessage(t: T, issue: FormIssue & { message: string }): string {
  // The save form is the create page's form without the author name.
  const chosen = formMessage('createPage', issue);
  // Save-form keys live in the bundled review namespace.
  return chosen ? t(chosen.qualified as ExtensionKey, chosen.values) : issue.message;
}
