import type { ParsedTemplate } from '../../../modules/prompts/variables';
import { useFillIn } from '../../../src/shared/use-fill-in';
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
  /** The panel's language: the built-in variables (today's date, …) fill themselves in it. */
  language: string;
}

/**
 * The side panel's fill-in form, inline under a prompt whose content has variables: the site's
 * fill-in panel's behaviour (`useFillIn`, shared with src/islands/fill/FillPanel.tsx) in the
 * panel's own markup, with the same words, ending in Copy or Send instead of Copy only.
 */
export function FillForm({ template, initial, mode, t, onSubmit, onCancel, language }: Props) {
  const { baseId, form, fields, preview, busy } = useFillIn({ template, initial, onSubmit, onCancel, builtIns: { language } });

  return (
    // Escape from any of its fields or buttons cancels (`form.onKeyDown`): the key bubbles to the form.
    <form {...form} className="fill" aria-labelledby={`${baseId}-title`} aria-describedby={`${baseId}-intro`} data-testid="fill-form">
      <h3 id={`${baseId}-title`}>{t('prompts:fill.title')}</h3>
      <p id={`${baseId}-intro`} className="muted small">
        {t(WORDS[mode].intro)}
      </p>
      <div className="fill-fields">
        {fields.map((field) => (
          <div key={field.name} className={field.kind === 'block' ? 'block' : undefined}>
            <label htmlFor={field.id}>{field.name}</label>
            {field.kind === 'choice' ? (
              <select {...field.control}>
                {field.options?.map((option) => (
                  <option key={option} value={option}>
                    {option}
                  </option>
                ))}
              </select>
            ) : field.kind === 'block' ? (
              <textarea {...field.control} rows={4} />
            ) : (
              <input {...field.control} autoComplete="off" />
            )}
          </div>
        ))}
      </div>
      <h4 id={`${baseId}-preview`}>{t('prompts:fill.preview')}</h4>
      <div
        ref={preview.ref}
        className="fill-preview"
        role="region"
        aria-labelledby={`${baseId}-preview`}
        data-testid="fill-preview"
        // Scrollable: it must be reachable by keyboard.
        // eslint-disable-next-line jsx-a11y-x/no-noninteractive-tabindex
        tabIndex={0}
      >
        {preview.parts.map((part, i) =>
          part.kind === 'text' ? (
            part.text
          ) : (
            <mark key={i} data-var={part.name} data-filled={part.filled || undefined}>
              {part.text}
            </mark>
          ),
        )}
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
