/**
 * The hostile pieces of the hostile-content proof (docs/reliability.md), shared by the site's pages and the extension's: each
 * tries one way in: an element, an event handler, a script, a javascript: link, a bidi
 * override, zero-width joiners, emoji with modifiers, a word too long for any line.
 */
export const markup = `<b data-hostile>b</b><img data-hostile src=x onerror="window.__pwned=1"><script>window.__pwned=1</script>`;
export const markdown = `**bold** [x](javascript:window.__pwned=1) # h`;
export const bidi = '\u202Eevil\u202C \u200F\u200E';
export const zeroWidth = 'z\u200Bw\u200Cj\u200Dn\uFEFF';
export const emoji = '👩🏽‍💻🏳️‍🌈';
export const word = (n: number) => 'W'.repeat(n);
