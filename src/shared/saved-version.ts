/**
 * "Updated since you saved it": a bookmark or collection item remembers the public
 * version the prompt had when it was saved; once the prompt's public version has moved past
 * it, the item links to the diff between the two. Null when it has not moved, or when the item
 * was saved before versions were recorded (nothing to compare from).
 */
export function updatedSinceHref(promptId: number, savedVersion: number | null, version: number): string | null {
  if (savedVersion === null || savedVersion >= version) return null;
  return `/prompts/${promptId}/versions?from=${savedVersion}&to=${version}`;
}
