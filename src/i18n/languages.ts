/** Pure language facts, shared by the server, islands and the extension. */
export const LANGUAGES = ['en', 'zh-HK'] as const;
export type Language = (typeof LANGUAGES)[number];
export const FALLBACK_LANGUAGE: Language = 'en';

/** Storage keys: the language ones are i18next's defaults, so its detector and the head script agree. */
export const LANGUAGE_COOKIE = 'i18next';
export const LANGUAGE_STORAGE_KEY = 'i18nextLng';
export const THEME_STORAGE_KEY = 'theme';

/**
 * Maps a detected code to a supported language. Codes that look like script injection
 * (anything but letters, digits, '-' and '_', or absurdly long) are ignored.
 */
export function normalizeLanguage(code: string | null | undefined): Language | undefined {
  if (!code || code.length > 35 || !/^[A-Za-z0-9_-]+$/.test(code)) return undefined;
  const lower = code.toLowerCase().replace('_', '-');
  if (lower === 'en' || lower.startsWith('en-')) return 'en';
  if (lower.startsWith('zh')) return 'zh-HK';
  return undefined;
}
