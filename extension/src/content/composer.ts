import type { ChatSite } from '../lib/chat-sites';

/**
 * Finding a chat site's composer from the site table, and reading it. Re-detected before every
 * use: sites replace their composer element as they render.
 */
export type Composer = HTMLElement;

export const isTextarea = (el: Element): el is HTMLTextAreaElement => el instanceof HTMLTextAreaElement;

function visible(el: HTMLElement): boolean {
  const box = el.getBoundingClientRect();
  return box.width > 0 && box.height > 0 && getComputedStyle(el).visibility !== 'hidden';
}

const avoided = (site: ChatSite, el: Element) => site.avoid.some((a) => el.closest(a));

/** The composer and the selector that found it: the first selector with a visible match; among its matches the lowest on screen (the composer sits below the thread and its edit boxes). */
export function findComposer(site: ChatSite): { composer: Composer; selector: string } | null {
  for (const selector of site.selectors) {
    const matches = [...document.querySelectorAll<HTMLElement>(selector)].filter((el) => visible(el) && !avoided(site, el));
    if (matches.length === 0) continue;
    const lowest = matches.reduce((a, b) => (b.getBoundingClientRect().bottom >= a.getBoundingClientRect().bottom ? b : a));
    return { composer: lowest, selector };
  }
  return null;
}

/** The composer holding `node`, if `node` is inside one the table describes (never a decoy). */
export function composerAround(site: ChatSite, node: Node | null): Composer | null {
  const el = node instanceof Element ? node : node?.parentElement;
  if (!el) return null;
  for (const selector of site.selectors) {
    const found = el.closest<HTMLElement>(selector);
    if (found && !avoided(site, found)) return found;
  }
  return null;
}

/** The composer's text up to the caret, or null when the caret is not in it (or text is selected). */
export function textBeforeCaret(composer: Composer): string | null {
  if (isTextarea(composer)) {
    if (composer.selectionStart !== composer.selectionEnd) return null;
    return composer.value.slice(0, composer.selectionStart);
  }
  const selection = document.getSelection();
  if (!selection?.rangeCount || !selection.isCollapsed || !composer.contains(selection.focusNode)) return null;
  const range = document.createRange();
  range.selectNodeContents(composer);
  range.setEnd(selection.focusNode!, selection.focusOffset);
  return range.toString();
}

/** What the composer holds now, as the user sees it (verification squeezes whitespace). */
export function composerText(composer: Composer): string {
  return isTextarea(composer) ? composer.value : (composer.textContent ?? '');
}

/**
 * The caret each composer had last, so the side panel's Insert goes where the user left off
 * even though the panel took the focus. A textarea keeps its own selection.
 */
const lastCaret = new WeakMap<Composer, Range>();

export function rememberCaret(composer: Composer): void {
  if (isTextarea(composer)) return;
  const selection = document.getSelection();
  if (selection?.rangeCount && composer.contains(selection.getRangeAt(0).startContainer)) lastCaret.set(composer, selection.getRangeAt(0).cloneRange());
}

/** Focuses the composer with the caret where it was last (at the end when it never had one). */
export function focusAtCaret(composer: Composer, saved = lastCaret.get(composer)): void {
  composer.focus({ preventScroll: true });
  if (isTextarea(composer)) return;
  const selection = document.getSelection()!;
  // Restored even when focusing put a caret inside: the browser puts it at the start, not where the user left it.
  if (saved && composer.contains(saved.startContainer)) {
    selection.removeAllRanges();
    selection.addRange(saved);
    return;
  }
  if (selection.rangeCount && composer.contains(selection.getRangeAt(0).startContainer)) return;
  selection.selectAllChildren(composer);
  selection.collapseToEnd();
}

export const lastCaretOf = (composer: Composer) => lastCaret.get(composer)?.cloneRange();
