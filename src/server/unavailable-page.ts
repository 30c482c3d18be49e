import { getT } from './i18n';
import type { Language } from '../i18n/languages';

/** The words of the 503 page, in the request's language (English when the language is not known yet). */
export function unavailableText(lng: Language | undefined) {
  const language = lng ?? 'en';
  const t = getT(language);
  return {
    lang: language,
    title: t('common:unavailable.title'),
    body: t('common:unavailable.body'),
    retry: t('common:unavailable.retry'),
  };
}

export const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
