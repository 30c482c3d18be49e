import { useEffect, useId, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import {
  blockVariableNames,
  builtInValues,
  clipboardNames,
  filledValue,
  fillTemplate,
  initialFillValues,
  parseTemplate,
  type ParsedTemplate,
} from '../../../modules/prompts/contracts';
import { RECENT_VALUES_LIMITS, type RecentValues } from '../../../modules/engagement/contracts';
import { $currentUser } from '../../client/current-user';
import { lastFillValues, rememberFillValues } from '../../client/fill-values';
import { api } from '../../client/http';
import { contentOf, recordUseAndCopy } from '../../client/prompt-actions';
import * as routes from '../../shared/api-routes.generated';
import { pageT } from '../../client/strings';
import { Button } from '../../ui/Button';
import { Dialog } from '../../ui/Dialog';
import { Icon } from '../../ui/Icon';
import { Input } from '../../ui/Input';
import { Label } from '../../ui/Label';
import { Select } from '../../ui/Select';
import { Textarea } from '../../ui/Textarea';

interface Props {
  id: number;
  open: boolean;
  onClose: () => void;
  /** After the filled text is copied and the use recorded (the detail page then reads "Copied!"). */
  onCopied?: () => void;
  /** False for the author's own unpublished prompt: no public use to count (recordUseAndCopy). */
  counted?: boolean;
}

/**
 * The fill-in panel Copy Prompt opens for a prompt with variables: a field per variable, a
 * live preview, and "Copy filled prompt", which records the use as Copy does and copies the
 * filled text. Loaded on the first click only; opened from cards and the detail page, so it
 * reads the page's own strings (`pageT()`).
 */
export default function FillPanel({ id, open, onClose, onCopied, counted = true }: Props) {
  const t = pageT();
  const [template, setTemplate] = useState<ParsedTemplate | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let live = true;
    contentOf(id).then(
      (content) => live && setTemplate(parseTemplate(content)),
      (error: unknown) => {
        console.error(error);
        if (live) setFailed(true);
      },
    );
    return () => {
      live = false;
    };
  }, [id]);
  const suggestions = useRecentValues(id, open);

  return (
    <Dialog
      open={open}
      onClose={onClose}
      title={t('prompts:fill.title')}
      closeLabel={t('common:actions.close')}
      className="sm:max-w-2xl"
      data-testid="fill-panel"
    >
      {template ? (
        // Mounted on each opening: the fields start from the values last copied.
        <FillForm id={id} template={template} suggestions={suggestions} counted={counted} onDone={onCopied} onClose={onClose} />
      ) : (
        <p role="status" className="text-sm text-muted-foreground">
          {failed ? t('common:toasts.useFailed.description') : t('common:client.loading')}
        </p>
      )}
    </Dialog>
  );
}

/**
 * A signed-in user's remembered values for the prompt's variables, asked on each opening (the
 * last copy may have added some). Visitors have only the values kept in their browser.
 */
function useRecentValues(id: number, open: boolean): RecentValues {
  const [recent, setRecent] = useState<RecentValues>({});
  useEffect(() => {
    if (!open || !$currentUser.get()) return;
    let live = true;
    api(routes.recentValues, { params: { id } }).then(
      (values) => live && setRecent(values),
      // Suggestions are a convenience: the panel works without them.
      (error: unknown) => console.error(error),
    );
    return () => {
      live = false;
    };
  }, [id, open]);
  return recent;
}

interface FormProps {
  id: number;
  template: ParsedTemplate;
  suggestions: RecentValues;
  counted: boolean;
  onDone?: () => void;
  onClose: () => void;
}

function FillForm({ id, template, suggestions, counted, onDone, onClose }: FormProps) {
  const t = pageT();
  const baseId = useId();
  const form = useRef<HTMLFormElement>(null);
  const preview = useRef<HTMLDivElement>(null);
  const names = template.variables.map((v) => v.name);
  const [values, setValues] = useState<Record<string, string>>(() =>
    initialFillValues(
      template.variables,
      lastFillValues(id),
      builtInValues(names, { now: new Date(), language: document.documentElement.lang || 'en', userName: $currentUser.get()?.name }),
    ),
  );
  const [busy, setBusy] = useState(false);
  const blocks = blockVariableNames(template.segments);
  const byName = new Map(template.variables.map((v) => [v.name, v]));

  useEffect(() => {
    // After the dialog's own focus move (showModal runs in its effect, after this one).
    const frame = requestAnimationFrame(() => {
      const fields = [...form.current!.querySelectorAll<HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement>('[data-fill-field]')];
      (fields.find((f) => f.value.trim() === '') ?? fields[0])?.focus();
    });
    return () => cancelAnimationFrame(frame);
  }, []);

  // {{CLIPBOARD}} fills itself where the browser allows reading the clipboard (it may ask first); else it is asked like any field.
  useEffect(() => {
    const clipboard = clipboardNames(names);
    if (clipboard.length === 0 || !navigator.clipboard?.readText) return;
    navigator.clipboard
      .readText()
      .then((text) => setValues((all) => ({ ...all, ...Object.fromEntries(clipboard.filter((n) => !all[n]).map((n) => [n, text])) })))
      .catch(() => undefined);
    // Once, when the form opens.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    setBusy(true);
    rememberFillValues(id, values);
    // No await before this call: the copy must run inside the user's click or key press.
    void recordUseAndCopy(id, { text: fillTemplate(template, values), values: typedValues(values) }, counted).then((ok) => {
      setBusy(false);
      if (!ok) return;
      onDone?.();
      onClose();
    });
  };
  /** Enter in a single-line field submits natively; a select and a textarea (with Ctrl or Cmd) need telling. */
  const submitOn = (event: KeyboardEvent, needsModifier: boolean) => {
    if (event.key !== 'Enter' || event.nativeEvent.isComposing || (needsModifier && !event.ctrlKey && !event.metaKey)) return;
    event.preventDefault();
    form.current!.requestSubmit();
  };
  const set = (name: string, value: string) => setValues((all) => ({ ...all, [name]: value }));
  const pick = (name: string, fieldId: string, value: string) => {
    set(name, value);
    document.getElementById(fieldId)?.focus();
  };
  /** Scrolls the preview to where the field's variable first appears: a long prompt's blank may be far down. */
  const reveal = (name: string) => {
    const box = preview.current;
    const mark = [...(box?.querySelectorAll<HTMLElement>('mark[data-var]') ?? [])].find((m) => m.dataset.var === name);
    if (box && mark) box.scrollTop = Math.max(0, mark.offsetTop - box.clientHeight / 3);
  };

  return (
    <form ref={form} onSubmit={onSubmit} className="space-y-4" aria-describedby={`${baseId}-intro`}>
      <p id={`${baseId}-intro`} className="text-sm text-muted-foreground">
        {t('prompts:fill.intro')}
      </p>
      <div className="grid gap-3 sm:grid-cols-2">
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
            <div key={variable.name} className={block ? 'space-y-1.5 sm:col-span-2' : 'space-y-1.5'}>
              <Label htmlFor={fieldId} className="break-words">
                {variable.name}
              </Label>
              {variable.options ? (
                <Select {...common} onChange={(e) => set(variable.name, e.target.value)} onKeyDown={(e) => submitOn(e, false)}>
                  {variable.options.map((option) => (
                    <option key={option} value={option}>
                      {option}
                    </option>
                  ))}
                </Select>
              ) : block ? (
                <Textarea {...common} rows={4} onChange={(e) => set(variable.name, e.target.value)} onKeyDown={(e) => submitOn(e, true)} />
              ) : (
                <Input {...common} autoComplete="off" onChange={(e) => set(variable.name, e.target.value)} />
              )}
              {!variable.options && (
                <RecentChips
                  values={suggestions[variable.name] ?? []}
                  current={values[variable.name] ?? ''}
                  onPick={(value) => pick(variable.name, fieldId, value)}
                />
              )}
            </div>
          );
        })}
      </div>
      <section aria-labelledby={`${baseId}-preview`} className="space-y-1.5">
        <h3 id={`${baseId}-preview`} className="text-sm font-medium">
          {t('prompts:fill.preview')}
        </h3>
        <div
          ref={preview}
          data-testid="fill-preview"
          // Scrollable: it must be reachable by keyboard.
          // eslint-disable-next-line jsx-a11y-x/no-noninteractive-tabindex
          tabIndex={0}
          className="relative max-h-56 overflow-auto rounded-lg border border-border bg-muted/40 p-3 font-mono text-[0.8rem] leading-relaxed break-words whitespace-pre-wrap"
        >
          {template.segments.map((segment, i) => {
            if (segment.kind === 'text') return segment.text;
            const typed = values[segment.name];
            const filled = typed !== undefined && typed.trim() !== '';
            return (
              <mark
                key={i}
                data-var={segment.name}
                data-filled={filled || undefined}
                className={
                  filled
                    ? 'rounded bg-primary/15 px-0.5 text-foreground'
                    : 'rounded bg-transparent px-0.5 text-muted-foreground outline outline-1 outline-dashed outline-border'
                }
              >
                {filledValue(byName.get(segment.name), segment.raw, typed)}
              </mark>
            );
          })}
        </div>
      </section>
      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:items-center sm:justify-between">
        <p className="text-xs text-muted-foreground">{t('prompts:fill.keys')}</p>
        <Button type="submit" variant="primary" className="shrink-0" aria-busy={busy || undefined} data-testid="fill-copy">
          <Icon name="copy" size={16} />
          {t('prompts:fill.copy')}
        </Button>
      </div>
    </form>
  );
}

/** The non-empty values, at most as many as a history entry takes: what the server may remember. */
function typedValues(values: Record<string, string>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(values)
      .filter(([, value]) => value.trim() !== '')
      .slice(0, RECENT_VALUES_LIMITS.names.max),
  );
}

/** The remembered values of one field as buttons (Tab to reach, Enter or Space to use), newest first. */
function RecentChips({ values, current, onPick }: { values: readonly string[]; current: string; onPick: (value: string) => void }) {
  const t = pageT();
  const listId = useId();
  if (values.length === 0) return null;
  return (
    <div className="flex flex-wrap items-center gap-1.5 pt-0.5" data-testid="fill-recent">
      <span id={listId} className="text-xs text-muted-foreground">
        {t('prompts:fill.recent')}
      </span>
      <ul aria-labelledby={listId} className="flex min-w-0 flex-wrap gap-1.5">
        {values.map((value) => (
          <li key={value} className="min-w-0">
            <button
              type="button"
              title={value}
              aria-label={t('prompts:fill.useRecent', { value })}
              aria-pressed={value === current}
              onClick={() => onPick(value)}
              className="block max-w-[14rem] truncate rounded-full border border-border bg-muted/50 px-2.5 py-0.5 text-xs text-foreground hover:bg-muted focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none aria-pressed:border-primary aria-pressed:bg-primary/10"
            >
              {value}
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}
