/**
 * The zod-free half of the tags contracts: the limits and the one spelling rule both sides
 * follow (the tag input normalises as the decision will, so what the user sees is what is saved).
 */
export const TAG_LIMITS = {
  /** Characters in one tag. */
  length: 30,
  /** Tags on one prompt. */
  perPrompt: 10,
  /** Different tags in one person's library. */
  perLibrary: 200,
  /** How long after deleting a tag the toast's Undo puts it back (while the tags are not changed again). */
  undoDeleteMs: 30_000,
} as const;

/** A tag as saved: trimmed, inner spaces as one, without a leading `#` (people type hashtags). */
export function normalizeTag(tag: string): string {
  return tag.normalize('NFC').trim().replace(/^#+/, '').replace(/\s+/g, ' ').trim();
}

/** Tags are one tag whatever their case: `AI` and `ai` are the same tag. */
export function tagKey(tag: string): string {
  return normalizeTag(tag).toLowerCase();
}

/** The tags as saved: normalised, empty ones dropped, each once (the first spelling wins), in order. */
export function normalizeTags(tags: readonly string[]): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const raw of tags) {
    const tag = normalizeTag(raw);
    if (!tag || seen.has(tag.toLowerCase())) continue;
    seen.add(tag.toLowerCase());
    out.push(tag);
  }
  return out;
}
