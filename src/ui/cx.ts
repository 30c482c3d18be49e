/**
 * The one class-merge helper of the UI kit: joins class names, dropping empty and false parts,
 * so a primitive's own classes and a caller's `className` combine without stray spaces.
 */
export function cx(...parts: (string | false | null | undefined)[]): string {
  return parts.filter(Boolean).join(' ');
}
