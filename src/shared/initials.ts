/**
 * Avatar initials: the first letters of the first two words of the
 * name, up to two letters, upper-cased. Works for any script ("陳 大文" gives "陳大").
 */
export function initials(name: string | null | undefined): string {
  const words = (name ?? '').trim().split(/\s+/).filter(Boolean);
  return words
    .slice(0, 2)
    .map((word) => Array.from(word)[0] ?? '')
    .join('')
    .toUpperCase();
}
