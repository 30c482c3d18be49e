import { useEffect, useId, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { blockVariableNames, filledValue, fillTemplate, type ParsedTemplate } from '../../../modules/prompts/variables';
import type { T } from '../lib/strings';

export type FillMode = 'copy' | 'send' | 'insert';

/** The form's words per ending: Copy (the site's own), Send, or Insert (the chat composer's picker). */
const WORDS = {
  copy: { intro: 'prompts:fill.intro', keys: 'prompts:fill.keys', submit: 'prompts:fill.copy' },
  send: { intro: 'fill.sendIntro', keys: 'fill.sendKeys', submit: 'fill.send' },
  insert: { intro: 'fill.insertIntro', keys: 'fill.insertKeys', submit: 'fill.insert' },
} as const;

interface Props {
  template: ParsedTemplate;
  /** The fields' first values (`initialFillValues`: the last ones filled in, else the defaults). */
  initial: Record<string, string>;
  mode: FillMode;
  t: T;
  /** Called inside the click or key press that submits, so the page may still use the clipboard. */
  onSubmit: (text: string, values: Record<string, string>) => Promise<void>;
  onCancel: () => void;
}

/**
 * The side panel's fill-in form, inline under a prompt whose content has variables: the site's
 * fill-in panel (src/islands/fill/FillPanel.tsx) in the panel's own markup, with the same fields,
 * preview, keys and words, ending in Copy or Send instead of Copy only.
 */
export function FillForm({ template, initial, mode, t, onSubmit, onCancel }: Props) {
  const baseId = useId();
  const form = useRef<HTMLFormElement>(null);
  const preview = useRef<HTMLDivElement>(null);
  const [values, setValues] = useState(initial);
  const [busy, setBusy] = useState(false);
  const blocks = blockVariableNames(template.segments);
  const byName = new Map(template.variables.map((v) => [v.name, v]));

  useEffect(() => {
    const fields = [...form.current!.querySelectorAll<HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement>('[data-fill-field]')];
    (fields.find((f) => f.value.trim() === '') ?? fields[0])?.focus();
  }, []);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    setBusy(true);
    // No await before this call: a copy must run inside the user's click or key press.
    void onSubmit(fillTemplate(template, values), values)
      // The form stays open with what was typed: the user can try again.
      .catch((error: unknown) => console.error(error))
      .finally(() => setBusy(false));
  };
  /** Enter in a single-line field submits natively; a select and a textarea (with Ctrl or Cmd) need telling. */
  const submitOn = (event: KeyboardEvent, needsModifier: boolean) => {
    if (event.key !== 'Enter' || event.nativeEvent.isComposing || (needsModifier && !event.ctrlKey && !event.metaKey)) return;
    event.preventDefault();
    form.current!.requestSubmit();
  };
  const cancelOn = (event: KeyboardEvent) => {
    if (event.key !== 'Escape' || event.nativeEvent.isComposing) return;
    event.preventDefault();
    onCancel();
  };
  const set = (name: string, value: string) => setValues((all) => ({ ...all, [name]: value }));
  /** Scrolls the preview to where the field's variable first appears: a long prompt's blank may be far down. */
  const reveal = (name: string) => {
    const box = preview.current;
    const mark = [...(box?.querySelectorAll<HTMLElement>('mark[data-var]') ?? [])].find((m) => m.dataset.var === name);
    if (box && mark) box.scrollTop = Math.max(0, mark.offsetTop - box.clientHeight / 3);
  };

  return (
    // Escape from any of its fields or buttons cancels: the key bubbles to the form, which is not itself a control.
    // eslint-disable-next-line jsx-a11y-x/no-noninteractive-element-interactions -- the handler serves the controls inside
    <form
      ref={form}
      className="fill"
      onSubmit={submit}
      onKeyDown={cancelOn}
      aria-labelledby={`${baseId}-title`}
      aria-describedby={`${baseId}-intro`}
      data-testid="fill-form"
    >
      <h3 id={`${baseId}-title`}>{t('prompts:fill.title')}</h3>
      <p id={`${baseId}-intro`} className="muted small">
        {t(WORDS[mode].intro)}
      </p>
      <div className="fill-fields">
        {template.variables.map((variable, i) => {
          const fieldId = `${baseId}-${i}`;
          const common = {
            id: fieldId,
            name: variable.name,
            value: values[variable.name] ?? '',
            'data-fill-field': '',
            onFocus: () => reveal(variable.name),
          } as const;
          const block = blocks.has(variable.name);
          return (
            <div key={variable.name} className={block ? 'block' : undefined}>
              <label htmlFor={fieldId}>{variable.name}</label>
              {variable.options ? (
                <select {...common} onChange={(e) => set(variable.name, e.target.value)} onKeyDown={(e) => submitOn(e, false)}>
                  {variable.options.map((option) => (
                    <option key={option} value={option}>
                      {option}
                    </option>
                  ))}
                </select>
              ) : block ? (
                <textarea {...common} rows={4} onChange={(e) => set(variable.name, e.target.value)} onKeyDown={(e) => submitOn(e, true)} />
              ) : (
                <input {...common} autoComplete="off" onChange={(e) => set(variable.name, e.target.value)} />
              )}
            </div>
          );
        })}
      </div>
      <h4 id={`${baseId}-preview`}>{t('prompts:fill.preview')}</h4>
      <div
        ref={preview}
        className="fill-preview"
        role="region"
        aria-labelledby={`${baseId}-preview`}
        data-testid="fill-preview"
        // Scrollable: it must be reachable by keyboard.
        // eslint-disable-next-line jsx-a11y-x/no-noninteractive-tabindex
        tabIndex={0}
      >
        {template.segments.map((segment, i) => {
          if (segment.kind === 'text') return segment.text;
          const typed = values[segment.name];
          const filled = typed !== undefined && typed.trim() !== '';
          return (
            <mark key={i} data-var={segment.name} data-filled={filled || undefined}>
              {filledValue(byName.get(segment.name), segment.raw, typed)}
            </mark>
          );
        })}
      </div>
      <p className="muted small">{t(WORDS[mode].keys)}</p>
      <div className="actions">
        <button type="submit" className="primary" aria-busy={busy || undefined} data-testid="fill-submit">
          {t(WORDS[mode].submit)}
        </button>
        <button type="button" onClick={onCancel} data-testid="fill-cancel">
          {t('fill.cancel')}
        </button>
      </div>
    </form>
  );
}
