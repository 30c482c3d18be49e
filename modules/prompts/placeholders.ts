/**
 * Other tools' placeholders in a prompt's content, and their conversion into Promptory's
 * fill-in variables (variables.ts): what the editor offers an author in one click. Pure: no DOM,
 * no Node, no zod, like the parser it feeds.
 *
 * The styles (see /work/shared/formats/README*.md for where each comes from):
 * - `[X]` (AiShort and most prompt collections: `[Paste your CV here]`) and `【X】`;
 * - `${x}`, `${x:default}` (prompts.chat);
 * - `{{…}}` that Promptory does not read as meant: Open WebUI's `{{x | select:options=["a","b"]}}`,
 *   AI Prompt Genius's `{{x::list-a; b}}`, names with characters a name cannot hold (`{{first-name}}`);
 * - `{x}` (Python and LangChain templates);
 * - `<X>` only when it cannot be markup: two or more words, or a non-Latin name (`<your name>`,
 *   `<主題>`), never an HTML element (`<b and c>`) and never a one-word ASCII tag (`<topic>` may be
 *   the structure tags many prompts use, `<context>…</context>`).
 *
 * It stays well clear of what only looks alike: markdown links and images `[text](url)`,
 * reference links `[text][ref]` and definitions, checkboxes `[ ]` `[x]`, citations `[1]`, JSON
 * (`["a", "b"]`, `{"a": 1}`), LaTeX (`\frac{a}{b}`), escapes (`\[x]`), anything in code (fenced
 * blocks and `inline code`), and Promptory's own variables. The author sees every match before
 * converting, and Undo restores the text.
 */
import { parseTemplate } from './variables';

export type PlaceholderStyle = 'square' | 'lenticular' | 'dollar' | 'braces' | 'brace' | 'angle';

export interface ForeignPlaceholder {
  /** Where it stands in the content (UTF-16 offsets, `end` exclusive). */
  start: number;
  end: number;
  /** As written: what the editor lists. */
  raw: string;
  style: PlaceholderStyle;
  /** The Promptory variable it becomes: `{{name}}`, `{{name:default}}` or `{{name:a|b}}`. */
  variable: string;
}

/** A placeholder's words longer than this are prose in brackets, not a blank. */
const MAX_INSIDE = 60;
/** What may stand inside `[…]`, `【…】` and `${…}`: words with light punctuation, nothing of code or JSON. */
const WORDS = /^[\p{L}\p{M}\p{N}_ \-/'’,.&()?!，、。／（）？！]+$/u;
/** Inside `{…}` and `<…>`: words only (a `,` or `.` there is more likely code or a sentence). */
const STRICT_WORDS = /^[\p{L}\p{M}\p{N}_ \-'’]+$/u;
const LETTER = /\p{L}/u;
const EDGES = /^[\p{L}\p{N}](?:.*[\p{L}\p{N}])?$/su;
const NON_ASCII_LETTER = /[^\p{ASCII}]/u;
const HTML_ELEMENTS = new Set(
  (
    'a abbr address area article aside audio b base bdi bdo blockquote body br button canvas caption cite code col colgroup data ' +
    'datalist dd del details dfn dialog div dl dt em embed fieldset figcaption figure footer form h1 h2 h3 h4 h5 h6 head header hr html ' +
    'i iframe img input ins kbd label legend li link main map mark meta meter nav noscript object ol optgroup option output p param ' +
    'picture pre progress q rp rt ruby s samp script section select small source span strong style sub summary sup svg table tbody td ' +
    'template textarea tfoot th thead time title tr track u ul var video wbr'
  ).split(' '),
);
/** Open WebUI's input types (`{{name | type:…}}`); anything else after a `|` is not its syntax. */
const WEBUI_TYPES = new Set('text textarea select number checkbox date datetime-local time month color email tel url range map'.split(' '));

/**
 * The variable name a placeholder's words make: apostrophes dropped (`Customer's` → `Customers`),
 * other punctuation a space, spaces collapsed; null when no name is left.
 */
function nameOf(words: string): string | null {
  const name = words
    .replace(/['’]/gu, '')
    .replace(/[^\p{L}\p{M}\p{N}_]+/gu, ' ')
    .trim();
  return name && LETTER.test(name) ? name : null;
}

/** `{{name}}`, `{{name:default}}` or `{{name:a|b}}`, if Promptory's parser reads it back as exactly that one variable. */
function variableToken(name: string, spec?: { default?: string; options?: string[] }): string | null {
  let token = `{{${name}}}`;
  if (spec?.options && spec.options.length > 1) token = `{{${name}:${spec.options.join('|')}}}`;
  else if (spec?.default) token = `{{${name}:${spec.default}}}`;
  const parsed = parseTemplate(token);
  const only = parsed.segments.length === 1 ? parsed.segments[0] : undefined;
  return only?.kind === 'variable' && only.name === name ? token : null;
}

/** A bracketed name: `[Paste your CV here]`, `【主題】`; null for a checkbox, a citation, a lone letter. */
function bracketName(inside: string): string | null {
  const words = inside.trim();
  if (words.length > MAX_INSIDE || !WORDS.test(words)) return null;
  // `[x]`, `[A]`: a ticked box or an option letter, not a blank.
  if (words.length === 1 && !NON_ASCII_LETTER.test(words)) return null;
  return nameOf(words);
}

/** `${name}` or `${name:default}` (prompts.chat: everything after the first colon is the default). */
function dollarToken(inside: string): string | null {
  const at = inside.search(/[:：]/u);
  const name = bracketName(at < 0 ? inside : inside.slice(0, at));
  if (!name) return null;
  const fallback = at < 0 ? '' : inside.slice(at + 1).trim();
  return variableToken(name, { default: fallback || undefined });
}

/** `"a"` or `a` as Open WebUI writes a property's value. */
const unquote = (value: string) => value.trim().replace(/^"(.*)"$/u, '$1');

/** Open WebUI's `name | type:prop=value:…` (the props' own `:` inside quotes or brackets kept). */
function webuiToken(name: string, spec: string): string | null {
  const parts = spec.match(/(?:"[^"]*"|\[[^\]]*\]|[^:])+/gu) ?? [];
  const [type = '', ...props] = parts.map((p) => p.trim());
  // The type may be written `select` or `type=select`.
  if (!WEBUI_TYPES.has(type.replace(/^type\s*=\s*/u, ''))) return null;
  const prop = (key: string) => props.find((p) => p.startsWith(`${key}=`))?.slice(key.length + 1);
  const fallback = prop('default') === undefined ? undefined : unquote(prop('default')!);
  let options: string[] | undefined;
  const listed = prop('options');
  if (listed !== undefined) {
    try {
      const parsed: unknown = JSON.parse(listed);
      if (Array.isArray(parsed)) options = parsed.map((o) => String(o).trim()).filter(Boolean);
    } catch {
      options = undefined;
    }
  }
  // The default leads a choice (Promptory's first option is the default).
  if (options && fallback && options.includes(fallback)) options = [fallback, ...options.filter((o) => o !== fallback)];
  return variableToken(name, { default: fallback, options });
}

/** AI Prompt Genius 5: `name::text-d`, `::largeText-d`, `::number-d`, `::list-a; b`, `::list@Set` (its options are not in the prompt). */
function geniusToken(name: string, spec: string): string | null {
  const match = /^(text|largeText|number|list)(?:@.*|-(.*))?$/su.exec(spec.trim());
  if (!match) return null;
  const rest = match[2]?.trim();
  if (match[1] === 'list' && rest !== undefined)
    return variableToken(name, {
      options: rest
        .split(';')
        .map((o) => o.trim())
        .filter(Boolean),
      default: rest.split(';')[0]?.trim(),
    });
  return variableToken(name, { default: rest || undefined });
}

/** A `{{…}}` Promptory does not read as the other tool meant it; null when it already does, or when it is not a placeholder. */
function bracesToken(inside: string): string | null {
  const genius = /^([^:：|｜]+?)::(.*)$/su.exec(inside);
  if (genius) {
    const name = nameOf(genius[1]);
    return name ? geniusToken(name, genius[2]) : null;
  }
  const webui = /^\s*([^|\s]+)\s*\|(.*)$/su.exec(inside);
  if (webui) {
    const name = nameOf(webui[1]);
    return name ? webuiToken(name, webui[2]) : null;
  }
  // Promptory's own already (`{{ topic }}`, `{{tone:a|b}}`): nothing to do.
  if (parseTemplate(`{{${inside}}}`).variables.length > 0) return null;
  // Handlebars and Mustache control (`{{#each}}`, `{{/if}}`, `{{> partial}}`), and anything with a spec: not a blank.
  if (/^\s*[#/^!>&]/u.test(inside) || /[:：|｜]/u.test(inside)) return null;
  const words = inside.trim();
  return words.length <= MAX_INSIDE && STRICT_WORDS.test(words.replace(/[.]/gu, ' ')) ? variableToken(nameOf(words) ?? '') : null;
}

/** `{name}` or `<several words>`: strict words from a letter or digit to a letter or digit, not one ASCII letter. */
function wordsName(inside: string): string | null {
  if (inside.length > MAX_INSIDE || !STRICT_WORDS.test(inside) || !EDGES.test(inside)) return null;
  if (inside.length === 1 && !NON_ASCII_LETTER.test(inside)) return null;
  return nameOf(inside);
}

function angleToken(inside: string, content: string): string | null {
  const name = wordsName(inside);
  if (!name) return null;
  const first = inside.split(' ')[0].toLowerCase();
  const markupLike = !inside.includes(' ') && !NON_ASCII_LETTER.test(inside);
  if (markupLike || HTML_ELEMENTS.has(first) || content.includes(`</${inside}>`)) return null;
  return variableToken(name);
}

interface Style {
  style: PlaceholderStyle;
  pattern: RegExp;
  /** The variable a match becomes, or null: not a placeholder. */
  token: (match: RegExpExecArray, content: string) => string | null;
}

/** In order of precedence: a span one style claims is not looked at by the next. */
const STYLES: Style[] = [
  { style: 'braces', pattern: /(?<![{\\])\{\{([^{}\n]+)\}\}(?!\})/gu, token: (m) => bracesToken(m[1]) },
  { style: 'dollar', pattern: /(?<![\\$])\$\{([^{}\n]+)\}/gu, token: (m) => dollarToken(m[1]) },
  { style: 'lenticular', pattern: /【([^【】\n]+)】/gu, token: (m) => variableToken(bracketName(m[1]) ?? '') },
  {
    style: 'square',
    // Not escaped, not an image, not a reference link's second half, not nested ([[wiki]]);
    // not followed by a link target `(`, a reference `[`, or (at a line's start) a definition's `:`.
    pattern: /(?<![\\!\][])\[([^[\]\n]+)\](?![([\]])/gu,
    token: (m, content) => {
      const lineBefore = content.slice(content.lastIndexOf('\n', m.index - 1) + 1, m.index);
      if (/^[ \t]{0,3}$/u.test(lineBefore) && content[m.index + m[0].length] === ':') return null;
      return variableToken(bracketName(m[1]) ?? '');
    },
  },
  { style: 'brace', pattern: /(?<![{$\\\p{L}\p{N}_^])\{([^{}\n]+)\}(?!\})/gu, token: (m) => variableToken(wordsName(m[1]) ?? '') },
  { style: 'angle', pattern: /<([^<>\n]+)>/gu, token: (m, content) => angleToken(m[1], content) },
];

/** Fenced code blocks and inline code: their text is literal, whatever it looks like. */
const CODE = /(^|\n)[ \t]{0,3}(`{3,}|~{3,})[^\n]*[\s\S]*?(?:\n[ \t]{0,3}\2[^\n]*|$(?![\s\S]))|`[^`\n]+`/gu;
/** Promptory's own variables (and escapes): already what the author wants. */
const OWN = /\\\{\{|\{\{([^{}\r\n]*)\}\}/gu;

/** Every foreign placeholder in the content, in order (the same one twice is two matches that make one variable). */
export function findForeignPlaceholders(content: string): ForeignPlaceholder[] {
  const taken: [number, number][] = [...content.matchAll(CODE)].map((m) => [m.index, m.index + m[0].length]);
  const overlaps = (start: number, end: number) => taken.some(([s, e]) => start < e && end > s);
  const found: ForeignPlaceholder[] = [];
  for (const { style, pattern, token } of STYLES) {
    for (const match of content.matchAll(pattern)) {
      const start = match.index;
      const end = start + match[0].length;
      if (overlaps(start, end)) continue;
      const variable = token(match as RegExpExecArray, content);
      if (!variable) continue;
      found.push({ start, end, raw: match[0], style, variable });
      taken.push([start, end]);
    }
    // After the `{{…}}` pass, Promptory's own tokens are off limits to the single-brace and other styles.
    if (style === 'braces') for (const m of content.matchAll(OWN)) if (!overlaps(m.index, m.index + m[0].length)) taken.push([m.index, m.index + m[0].length]);
  }
  return found.sort((a, b) => a.start - b.start);
}

/** The content with each of `found` (from this content) replaced by its variable. */
export function convertForeignPlaceholders(content: string, found: readonly ForeignPlaceholder[] = findForeignPlaceholders(content)): string {
  let out = '';
  let last = 0;
  for (const p of found) {
    out += content.slice(last, p.start) + p.variable;
    last = p.end;
  }
  return out + content.slice(last);
}
