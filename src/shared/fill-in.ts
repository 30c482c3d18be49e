import { blockVariableNames, filledValue, type ParsedTemplate } from '../../modules/prompts/variables';
import type { RecentValues } from '../../modules/engagement/contracts';

/**
 * The fill-in form's model, pure (no React, no DOM): which control each variable gets, what the
 * preview shows, which keys submit or cancel, which values are worth remembering. `useFillIn`
 * (use-fill-in.ts) holds the state over it; the site's panel and the extension's forms draw it.
 */

/** `choice`: a select of the variable's options; `block`: a multi-line field (alone on its line); `line`: one line. */
export type FillInKind = 'choice' | 'block' | 'line';

export interface FillInFieldModel {
  name: string;
  kind: FillInKind;
  /** The choices of a `choice` field, the first being the default. */
  options?: readonly string[];
  /** Values remembered for the variable, newest first (none for a `choice`: its options are the offer). */
  recent: readonly string[];
}

/** One field per variable, in order of first appearance. */
export function fillInFields(template: ParsedTemplate, recent: RecentValues = {}): FillInFieldModel[] {
  const blocks = blockVariableNames(template.segments);
  return template.variables.map((variable) =>
    variable.options
      ? { name: variable.name, kind: 'choice', options: variable.options, recent: [] }
      : { name: variable.name, kind: blocks.has(variable.name) ? 'block' : 'line', recent: recent[variable.name] ?? [] },
  );
}

/** A stretch of the preview: text as written, or a variable's place (`filled` when a value was typed, else its default or token). */
export type PreviewPart = { kind: 'text'; text: string } | { kind: 'blank'; name: string; text: string; filled: boolean };

/** The filled prompt as the preview draws it: the same text `fillTemplate` copies, with each variable's place marked. */
export function previewParts(template: ParsedTemplate, values: Readonly<Record<string, string>>): PreviewPart[] {
  const byName = new Map(template.variables.map((v) => [v.name, v]));
  return template.segments.map((segment) => {
    if (segment.kind === 'text') return { kind: 'text', text: segment.text };
    const typed = values[segment.name];
    return {
      kind: 'blank',
      name: segment.name,
      text: filledValue(byName.get(segment.name), segment.raw, typed),
      filled: typed !== undefined && typed.trim() !== '',
    };
  });
}

/** What a key press carries that decides a submit or a cancel (a React or DOM keyboard event fits). */
export interface KeyPress {
  key: string;
  ctrlKey: boolean;
  metaKey: boolean;
  /** True while an input method composes (Chinese, Japanese): its Enter picks a candidate, it submits nothing. */
  isComposing: boolean;
}

/**
 * Whether the key submits from a field of this kind. A single line submits on Enter natively (the
 * form's own behaviour, so `false` here); a select submits on Enter; a block on Ctrl or Cmd+Enter,
 * since its Enter is a new line.
 */
export function submitsFrom(kind: FillInKind, key: KeyPress): boolean {
  if (key.key !== 'Enter' || key.isComposing || kind === 'line') return false;
  return kind === 'choice' || key.ctrlKey || key.metaKey;
}

/** Whether the key cancels the form (Escape, outside a composition). */
export const cancels = (key: KeyPress) => key.key === 'Escape' && !key.isComposing;

/** The non-empty values: what is remembered for the next opening (an emptied field forgets its last value). */
export function keptFillValues(values: Readonly<Record<string, string>>): Record<string, string> {
  return Object.fromEntries(Object.entries(values).filter(([, value]) => value.trim() !== ''));
}
