/**
 * Copies text. `text` may be a promise (e.g. content still being fetched): ClipboardItem
 * accepts one, which keeps the user's click as the activation in browsers that demand it.
 * Falls back to writeText, then to a hidden textarea (insecure contexts have no clipboard API).
 */
export async function copyText(text: string | Promise<string>): Promise<void> {
  const clipboard = navigator.clipboard;
  if (clipboard && typeof ClipboardItem !== 'undefined' && typeof clipboard.write === 'function' && typeof text !== 'string') {
    try {
      const blob = Promise.resolve(text).then((t) => new Blob([t], { type: 'text/plain' }));
      await clipboard.write([new ClipboardItem({ 'text/plain': blob })]);
      return;
    } catch (error) {
      // The text itself failed: report that rather than trying other ways.
      if (
        await Promise.resolve(text).then(
          () => false,
          () => true,
        )
      )
        throw error;
    }
  }
  const value = await text;
  if (clipboard?.writeText) {
    try {
      await clipboard.writeText(value);
      return;
    } catch {
      /* fall through to the legacy way */
    }
  }
  const area = document.createElement('textarea');
  area.value = value;
  area.setAttribute('readonly', '');
  area.className = 'fixed -left-[9999px] top-0 opacity-0';
  document.body.append(area);
  area.select();
  const ok = document.execCommand('copy');
  area.remove();
  if (!ok) throw new Error('Copy failed');
}
