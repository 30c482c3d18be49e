import table from '../sites.json' with { type: 'json' };

/**
 * The chat sites whose composer the extension writes into. What is known about each (hosts,
 * selectors, editor, traps) is data in `extension/sites.json`, so a redesign is fixed there;
 * this file only reads it. Pure: used by the content script, the worker, the build and tests.
 */
export type EditorKind = 'prosemirror' | 'quill' | 'lexical' | 'textarea' | 'contenteditable';

export interface ChatSite {
  id: string;
  name: string;
  hosts: string[];
  /** The page Send opens when the active tab is not this site. */
  open: string;
  editor: EditorKind;
  /** In order of preference: the first visible match wins. */
  selectors: string[];
  /** An element inside any of these is never the composer (edit-message boxes, hidden twins). */
  avoid: string[];
  /**
   * How a new line is typed: `paragraph` (the browser's insertParagraph command) or `shift-enter`
   * (a Shift+Enter key event the editor handles itself: Lexical takes no line break from the
   * editing commands, and every chat site reads Shift+Enter as a new line, never as send).
   */
  lineBreak: 'paragraph' | 'shift-enter';
  /** Which menu a typed `/` opens where the site has its own: ours, or the site's (the keyboard command still opens ours). */
  slashMenu: 'promptory' | 'site';
  traps: string;
}

export const CHAT_SITES: readonly ChatSite[] = (table as { sites: ChatSite[] }).sites;

export function siteForHost(host: string): ChatSite | undefined {
  const h = host.toLowerCase();
  return CHAT_SITES.find((s) => s.hosts.includes(h));
}

/** The content script's `matches`: every host of the table, https only. */
export function contentScriptMatches(sites: readonly ChatSite[] = CHAT_SITES): string[] {
  return sites.flatMap((s) => s.hosts.map((h) => `https://${h}/*`));
}

/** The characters that open the picker: `/`, the full-width `／`, and the `、` Chinese input methods type on that key. */
export const TRIGGERS = ['/', '／', '、'] as const;

/**
 * Where the trigger typed just before the caret sits in `before` (the composer's text up to the
 * caret), or -1 when the last character is not a trigger at the start or after whitespace
 * (`either/` opens nothing).
 */
export function triggerAt(before: string): number {
  const last = before.at(-1);
  if (!last || !(TRIGGERS as readonly string[]).includes(last)) return -1;
  const i = before.length - 1;
  return i === 0 || /\s/.test(before[i - 1]) ? i : -1;
}

/** Whitespace-free text: what verification compares, since editors render line breaks their own way. */
export const squeezed = (text: string) => text.replace(/[\s\u200b\ufeff]+/g, '');

/** Whether the composer's text, read back, holds the inserted text. */
export function holds(composerText: string, inserted: string): boolean {
  return squeezed(composerText).includes(squeezed(inserted));
}
