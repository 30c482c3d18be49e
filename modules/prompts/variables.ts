/**
 * Fill-in variables in a prompt's content, one syntax for the site, the server and the extension:
 * `{{name}}`, `{{name:default}}`, `{{name:choice a|choice b}}` (the first choice is the default).
 * The full-width `：` and `｜` count as `:` and `|` (Chinese keyboards type them), and `\{{` is a
 * literal `{{`. Pure: no DOM, no Node, no zod, so a lazy browser chunk can carry it cheaply.
 *
 * Anything that is not a well-formed variable stays as text, never an error: a prompt written
 * before variables existed (or about another tool's templates) must copy exactly as typed.
 */

export interface TemplateVariable {
  name: string;
  default?: string;
  /** Two or more distinct choices; the first is the default. */
  options?: string[];
}

export type TemplateSegment =
  | { kind: 'text'; text: string }
  /** `raw`: the token as written (an unfilled variable without a default copies as it). `block`: alone on its line. */
  | { kind: 'variable'; name: string; raw: string; block: boolean };

export interface ParsedTemplate {
  variables: TemplateVariable[];
  segments: TemplateSegment[];
}

/**
 * An escape, or a token whose inside holds no brace and no line break: so `{{a {{b}} c}}` finds
 * only `{{b}}`, and an unclosed `{{` cannot swallow the lines after it.
 */
const TOKEN = /\\\{\{|\{\{([^{}\r\n]*)\}\}/gu;
const SPACES = /[\p{Zs}\t]+/gu;
const NAME = /^[\p{L}\p{M}\p{N}_]+(?: [\p{L}\p{M}\p{N}_]+)*$/u;
const SEPARATOR = /[:：]/u;
const CHOICE = /[|｜]/u;

/** The variable a token's inside declares, or null when it is not one (it then stays text). */
function parseToken(inside: string): TemplateVariable | null {
  const at = inside.search(SEPARATOR);
  const name = (at < 0 ? inside : inside.slice(0, at)).replace(SPACES, ' ').trim();
  if (!NAME.test(name)) return null;
  if (at < 0) return { name };
  const spec = inside.slice(at + 1);
  if (!CHOICE.test(spec)) {
    const value = spec.trim();
    return value ? { name, default: value } : { name };
  }
  const options = [...new Set(spec.split(CHOICE).map((o) => o.trim()))].filter(Boolean);
  if (options.length === 0) return { name };
  if (options.length === 1) return { name, default: options[0] };
  return { name, default: options[0], options };
}

/** Whether only spaces stand between the text's end (or start) and a line break or the content's edge. */
const endsLine = (text: string | undefined) => text === undefined || /(^|\n)[^\S\n]*$/.test(text);
const startsLine = (text: string | undefined) => text === undefined || /^[^\S\n]*(\r?\n|$)/.test(text);

/** Variables in order of first appearance (a name used twice is one field) and the content cut into text and variables. */
export function parseTemplate(content: string): ParsedTemplate {
  const segments: TemplateSegment[] = [];
  const byName = new Map<string, TemplateVariable>();
  let text = '';
  let last = 0;
  for (const match of content.matchAll(TOKEN)) {
    text += content.slice(last, match.index);
    last = match.index + match[0].length;
    const variable = match[1] === undefined ? null : parseToken(match[1]);
    if (!variable) {
      // An escape reads as the braces it stands for; a malformed token as written.
      text += match[1] === undefined ? '{{' : match[0];
      continue;
    }
    if (text) segments.push({ kind: 'text', text });
    text = '';
    segments.push({ kind: 'variable', name: variable.name, raw: match[0], block: false });
    const known = byName.get(variable.name);
    // The first occurrence that says more than the name gives the field its default and choices.
    if (!known) byName.set(variable.name, variable);
    else if (known.default === undefined && variable.default !== undefined) Object.assign(known, variable);
  }
  text += content.slice(last);
  if (text) segments.push({ kind: 'text', text });
  segments.forEach((segment, i) => {
    if (segment.kind !== 'variable') return;
    const before = segments[i - 1];
    const after = segments[i + 1];
    segment.block = (!before || (before.kind === 'text' && endsLine(before.text))) && (!after || (after.kind === 'text' && startsLine(after.text)));
  });
  return { variables: [...byName.values()], segments };
}

/** `GET /api/prompts/{id}`'s `variables`. */
export function templateVariables(content: string): TemplateVariable[] {
  return parseTemplate(content).variables;
}

export type TemplateValues = Readonly<Record<string, string | undefined>>;

/** What one variable copies as: the value typed, else its default, else the token as written. */
export function filledValue(variable: TemplateVariable | undefined, raw: string, value: string | undefined): string {
  if (value !== undefined && value.trim() !== '') return value;
  return variable?.default ?? raw;
}

/** The content with each variable replaced (`filledValue`) and every `\{{` unescaped. */
export function fillTemplate(content: string | ParsedTemplate, values: TemplateValues): string {
  const { variables, segments } = typeof content === 'string' ? parseTemplate(content) : content;
  const byName = new Map(variables.map((v) => [v.name, v]));
  return segments.map((s) => (s.kind === 'text' ? s.text : filledValue(byName.get(s.name), s.raw, values[s.name]))).join('');
}

/** Names some occurrence of which stands alone on its line: a block to paste (a CV, a draft), so a multi-line field. */
export function blockVariableNames(segments: readonly TemplateSegment[]): Set<string> {
  return new Set(segments.flatMap((s) => (s.kind === 'variable' && s.block ? [s.name] : [])));
}

/** Whether the content declares any variable (cheap enough for every card a page renders). */
export function hasTemplateVariables(content: string): boolean {
  return parseTemplate(content).variables.length > 0;
}

/**
 * The fields' first values: the one last filled in (a choice only while it is still offered:
 * the author may have edited the choices since), else the default, else empty. Shared by the
 * site's panel and the extension's, whatever each remembers the last values in.
 */
export function initialFillValues(variables: readonly TemplateVariable[], last: Readonly<Record<string, string>>): Record<string, string> {
  return Object.fromEntries(
    variables.map((v) => {
      const previous = last[v.name];
      const usable = previous !== undefined && (!v.options || v.options.includes(previous));
      return [v.name, usable ? previous : (v.default ?? '')];
    }),
  );
}
