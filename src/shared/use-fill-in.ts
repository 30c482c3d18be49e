import { useEffect, useId, useRef, useState, type ChangeEvent, type FormEvent, type KeyboardEvent, type RefObject } from 'react';
import { fillTemplate, type ParsedTemplate } from '../../modules/prompts/variables';
import { builtInValues, clipboardNames, type BuiltInContext } from '../../modules/prompts/builtins';
import type { RecentValues } from '../../modules/engagement/contracts';
import { cancels, fillInFields, previewParts, submitsFrom, type FillInFieldModel, type KeyPress, type PreviewPart } from './fill-in';

type FieldElement = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;

const keyPress = (event: KeyboardEvent): KeyPress => ({
  key: event.key,
  ctrlKey: event.ctrlKey,
  metaKey: event.metaKey,
  isComposing: event.nativeEvent.isComposing,
});

export interface FillInOptions {
  template: ParsedTemplate;
  /** The fields' first values (`initialFillValues`: the last ones filled in, else the defaults), read on mount only. */
  initial: Record<string, string> | (() => Record<string, string>);
  /** Values remembered per variable, offered under its field (newest first). */
  recent?: RecentValues;
  /**
   * Called with the filled text and the values, inside the click or key press that submits (no
   * await before it: a copy must run there). The form is busy until it settles; a rejection is
   * logged and the form stays as typed so the user can try again.
   */
  onSubmit: (text: string, values: Record<string, string>) => Promise<unknown>;
  /** When given, Escape in the form calls it. */
  onCancel?: () => void;
  /**
   * Who fills in, for the built-in variables (modules/prompts/builtins.ts): their language and
   * name. Built-ins then fill themselves, fresh over last time's values, the clipboard once read
   * where the browser allows; one the context lacks is asked like any variable.
   */
  builtIns?: Pick<BuiltInContext, 'language' | 'userName'>;
}

/** One variable's field: its model, its element id, and the props to spread on its input, textarea or select. */
export interface FillInField extends FillInFieldModel {
  id: string;
  value: string;
  control: {
    id: string;
    name: string;
    value: string;
    'data-fill-field': '';
    onChange: (event: ChangeEvent<FieldElement>) => void;
    onFocus: () => void;
    onKeyDown: (event: KeyboardEvent) => void;
  };
  /** Takes a remembered value and puts the focus back in the field. */
  pick: (value: string) => void;
}

export interface FillIn {
  /** A prefix for ids of the form's own parts (title, intro, preview heading). */
  baseId: string;
  /** Spread on the `<form>`. */
  form: { ref: RefObject<HTMLFormElement | null>; onSubmit: (event: FormEvent) => void; onKeyDown?: (event: KeyboardEvent) => void };
  fields: FillInField[];
  /** Spread `ref` on the scrollable preview; draw `parts` in it (each blank as `<mark data-var={name}>`). */
  preview: { ref: RefObject<HTMLDivElement | null>; parts: PreviewPart[] };
  values: Record<string, string>;
  /** True from a submit until `onSubmit` settles (a second submit meanwhile does nothing). */
  busy: boolean;
}

/**
 * The fill-in form's state and behaviour, without markup: a field per variable (a select for a
 * choice, a textarea for a block, else one line) with remembered values to pick, a live preview
 * that scrolls to the focused field's blank, the first empty field focused on mount, Enter (Ctrl
 * or Cmd+Enter in a textarea) to submit, Escape to cancel. The site's fill-in panel and the
 * extension's forms draw it each in their own markup.
 */
export function useFillIn({ template, initial, recent, onSubmit, onCancel, builtIns }: FillInOptions): FillIn {
  const baseId = useId();
  const formRef = useRef<HTMLFormElement>(null);
  const previewRef = useRef<HTMLDivElement>(null);
  const [values, setValues] = useState(() => {
    const first = typeof initial === 'function' ? initial() : initial;
    const names = template.variables.map((v) => v.name);
    return builtIns ? { ...first, ...builtInValues(names, { now: new Date(), ...builtIns }) } : first;
  });
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    // After a dialog's own focus move (showModal runs in its effect, after this one).
    const frame = requestAnimationFrame(() => {
      const fields = [...(formRef.current?.querySelectorAll<FieldElement>('[data-fill-field]') ?? [])];
      (fields.find((f) => f.value.trim() === '') ?? fields[0])?.focus();
    });
    return () => cancelAnimationFrame(frame);
  }, []);

  // {{CLIPBOARD}} fills itself where the browser lets the page read the clipboard (it may ask first).
  useEffect(() => {
    const clipboard = builtIns ? clipboardNames(template.variables.map((v) => v.name)) : [];
    if (clipboard.length === 0 || !navigator.clipboard?.readText) return;
    navigator.clipboard
      .readText()
      .then((text) => setValues((all) => ({ ...all, ...Object.fromEntries(clipboard.filter((name) => !all[name]).map((name) => [name, text])) })))
      .catch(() => undefined);
    // Once, when the form opens.
  }, []);

  const set = (name: string, value: string) => setValues((all) => ({ ...all, [name]: value }));
  /** Scrolls the preview to where the variable first appears: a long prompt's blank may be far down. */
  const reveal = (name: string) => {
    const box = previewRef.current;
    const mark = [...(box?.querySelectorAll<HTMLElement>('mark[data-var]') ?? [])].find((m) => m.dataset.var === name);
    if (box && mark) box.scrollTop = Math.max(0, mark.offsetTop - box.clientHeight / 3);
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    setBusy(true);
    void onSubmit(fillTemplate(template, values), values)
      .catch((error: unknown) => console.error(error))
      .finally(() => setBusy(false));
  };

  const fields = fillInFields(template, recent).map((model, i): FillInField => {
    const id = `${baseId}-${i}`;
    const value = values[model.name] ?? '';
    return {
      ...model,
      id,
      value,
      control: {
        id,
        name: model.name,
        value,
        'data-fill-field': '',
        onChange: (event) => set(model.name, event.target.value),
        onFocus: () => reveal(model.name),
        onKeyDown: (event) => {
          if (!submitsFrom(model.kind, keyPress(event))) return;
          event.preventDefault();
          formRef.current?.requestSubmit();
        },
      },
      pick: (picked) => {
        set(model.name, picked);
        document.getElementById(id)?.focus();
      },
    };
  });
  const cancelOn = onCancel
    ? (event: KeyboardEvent) => {
        if (!cancels(keyPress(event))) return;
        event.preventDefault();
        onCancel();
      }
    : undefined;

  return {
    baseId,
    form: { ref: formRef, onSubmit: submit, onKeyDown: cancelOn },
    fields,
    preview: { ref: previewRef, parts: previewParts(template, values) },
    values,
    busy,
  };
}
