import type { Language } from '../i18n/languages';

const dateFormats = new Map<string, Intl.DateTimeFormat>();
const numberFormats = new Map<string, Intl.NumberFormat>();

/** "Apr 30, 2025" / "2025年4月30日" (formatters are cached: they are costly to build). */
export function formatDate(iso: string, lng: Language): string {
  let f = dateFormats.get(lng);
  if (!f) {
    f = new Intl.DateTimeFormat(lng, { year: 'numeric', month: 'short', day: 'numeric', timeZone: 'UTC' });
    dateFormats.set(lng, f);
  }
  return f.format(new Date(iso));
}

export function formatNumber(n: number, lng: Language): string {
  let f = numberFormats.get(lng);
  if (!f) {
    f = new Intl.NumberFormat(lng);
    numberFormats.set(lng, f);
  }
  return f.format(n);
}
