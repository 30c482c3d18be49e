/**
 * The zod-free half of the discussion contracts: the limits and the text helper the comments
 * island needs on every prompt's page. A page's first script imports this, never the schemas
 * (they would bring zod, about 25 KB); contracts.ts re-exports it for everyone else.
 */
export const DISCUSSION_LIMITS = {
  body: { min: 1, max: 2_000 },
  note: { max: 500 },
  reason: { min: 3, max: 500 },
  /** The author edits a comment for this long after posting it. */
  editWindowMs: 15 * 60 * 1000,
} as const;

export type TextSegment = { text: string; href?: undefined } | { text: string; href: string };

// A URL runs to whitespace; trailing punctuation of the sentence is left out of it.
const URL_PATTERN = /\bhttps?:\/\/[^\s<>"]+/gi;
const TRAILING = /[.,;:!?)\]}'"，。！？）]+$/;

/**
 * A comment's text as plain runs and links: only http(s) URLs become links, everything else
 * stays text (React escapes it; line breaks show through `white-space: pre-wrap`).
 */
export function commentSegments(text: string): TextSegment[] {
  const out: TextSegment[] = [];
  let last = 0;
  for (const match of text.matchAll(URL_PATTERN)) {
    const url = match[0].replace(TRAILING, '');
    const start = match.index;
    let href: string | null = null;
    try {
      const parsed = new URL(url);
      if (parsed.protocol === 'http:' || parsed.protocol === 'https:') href = parsed.href;
    } catch {
      href = null;
    }
    if (!href) continue;
    if (start > last) out.push({ text: text.slice(last, start) });
    out.push({ text: url, href });
    last = start + url.length;
  }
  if (last < text.length) out.push({ text: text.slice(last) });
  return out;
}
