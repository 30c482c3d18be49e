import { holds, type ChatSite } from '../lib/chat-sites';
import { composerText, findComposer, focusAtCaret, isTextarea, lastCaretOf, type Composer } from './composer';

/**
 * Puts text into a composer through the site's own editor, so its model updates: the browser's
 * editing commands fire trusted beforeinput/input events the editor handles as typing, and the
 * insert joins the editor's undo history. Never a synthetic paste (ChatGPT and Perplexity turn
 * pastes into attachments).
 */

/** Graphemes, as the caret moves: a filter typed in Chinese or with emoji is removed whole. */
const graphemes = (text: string) => [...new Intl.Segmenter(undefined, { granularity: 'grapheme' }).segment(text)].length;

/** Selects the `replaced` characters just before the caret (the `/` and the filter typed after it), so the insert replaces them. */
function selectReplaced(composer: Composer, replaced: string): void {
  if (isTextarea(composer) || !replaced) return;
  const selection = document.getSelection()!;
  for (let i = graphemes(replaced); i > 0; i--) selection.modify('extend', 'backward', 'character');
}

/**
 * Writes `text` at the caret, replacing the `replaced` characters just before it in a textarea
 * (in an editor, `selectReplaced` has selected them). The caller has put the caret where it goes.
 */
export function writeAtCaret(site: ChatSite, composer: Composer, text: string, replaced = ''): void {
  if (isTextarea(composer)) {
    // Outside the page's JavaScript world a plain value change is seen by React's input handler.
    const end = composer.selectionEnd;
    composer.setRangeText(text, composer.selectionStart - replaced.length, end, 'end');
    composer.dispatchEvent(new InputEvent('input', { bubbles: true, inputType: 'insertText', data: text }));
    return;
  }
  const selection = document.getSelection()!;
  const newLine = () => {
    if (site.lineBreak === 'paragraph') document.execCommand('insertParagraph');
    else composer.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', code: 'Enter', keyCode: 13, shiftKey: true, bubbles: true, cancelable: true }));
  };
  text.split(/\r\n|\n|\r/).forEach((line, i) => {
    if (i > 0) newLine();
    // Quill drops "\n" inside insertText: each line goes on its own.
    if (line) document.execCommand('insertText', false, line);
    // A selection left over (a replaced trigger before an empty first line) goes too.
    else if (i === 0 && !selection.isCollapsed) document.execCommand('delete');
  });
}

/** Editors reconcile asynchronously (ProseMirror's DOM observer, Lexical's update batches): wait two frames and a little. */
export const settled = () => new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(resolve, 60))));

export type InsertOutcome = { ok: true } | { ok: false; selector: string | null; reason: 'no-composer' | 'not-inserted' };

/** Inserts at the composer's caret (the given one, or the site's composer found again) and reads it back. */
export async function insertAndVerify(
  site: ChatSite,
  text: string,
  options: { composer?: Composer; replaced?: string; selector?: string } = {},
): Promise<InsertOutcome> {
  const found = options.composer ? { composer: options.composer, selector: options.selector ?? null } : findComposer(site);
  if (!found) return { ok: false, selector: null, reason: 'no-composer' };
  const { composer, selector } = found;
  const caret = lastCaretOf(composer);
  if (!composer.contains(document.activeElement)) {
    // The composer gets the focus back (from the picker's form or the side panel). Lexical takes
    // its selection from the browser's selectionchange and skips one that looks like its last:
    // move the caret, let it see that, then put the caret back and let it see that too.
    composer.focus({ preventScroll: true });
    if (!isTextarea(composer)) document.getSelection()?.collapse(composer, 0);
    await settled();
  }
  focusAtCaret(composer, caret);
  selectReplaced(composer, options.replaced ?? '');
  // The editor reads the selection from the browser's selectionchange: let it before writing.
  await settled();
  writeAtCaret(site, composer, text, options.replaced);
  await settled();
  // The site may have replaced its composer while rendering the change: read the current one.
  const now = composer.isConnected ? composer : findComposer(site)?.composer;
  const after = now ? composerText(now) : '';
  if (now && holds(after, text)) return { ok: true };
  return { ok: false, selector, reason: 'not-inserted' };
}
