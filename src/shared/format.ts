const dateFormats = new Map<string, Intl.DateTimeFormat>();
const timeFormats = new Map<string, Intl.DateTimeFormat>();
const numberFormats = new Map<string, Intl.NumberFormat>();

/** "Apr 30, 2025" / "2025年4月30日" (formatters are cached: they are costly to build). */
export function formatDate(iso: string, lng: string): string {
  let f = dateFormats.get(lng);
  if (!f) {
    f = new Intl.DateTimeFormat(lng, { year: 'numeric', month: 'short', day: 'numeric', timeZone: 'UTC' });
    dateFormats.set(lng, f);
  }
  return f.format(new Date(iso));
}

/** "Apr 30, 2025, 3:04 PM" / "2025年4月30日 下午3:04", in the reader's time zone. */
export function formatTime(iso: string, lng: string): string {
  let f = timeFormats.get(lng);
  if (!f) {
    f = new Intl.DateTimeFormat(lng, { dateStyle: 'medium', timeStyle: 'short' });
    timeFormats.set(lng, f);
  }
  return f.format(new Date(iso));
}

export function formatNumber(n: number, lng: string): string {
  let f = numberFormats.get(lng);
  if (!f) {
    f = new Intl.NumberFormat(lng);
    numberFormats.set(lng, f);
  }
  return f.format(n);
}
