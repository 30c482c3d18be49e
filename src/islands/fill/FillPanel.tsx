import { useEffect, useId, useState } from 'react';
import { initialFillValues, parseTemplate, type ParsedTemplate } from '../../../modules/prompts/contracts';
import { RECENT_VALUES_LIMITS, type RecentValues } from '../../../modules/engagement/contracts';
import { $currentUser } from '../../client/current-user';
import { lastFillValues, rememberFillValues } from '../../client/fill-values';
import { api } from '../../client/http';
import { contentOf, recordUseAndCopy } from '../../client/prompt-actions';
import * as routes from '../../shared/api-routes.generated';
import { keptFillValues } from '../../shared/fill-in';
import { useFillIn } from '../../shared/use-fill-in';
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
  const { baseId, form, fields, preview, busy } = useFillIn({
    template,
    initial: () => initialFillValues(template.variables, lastFillValues(id)),
    builtIns: { language: document.documentElement.lang || 'en', userName: $currentUser.get()?.name },
    recent: suggestions,
    onSubmit: (text, values) => {
      rememberFillValues(id, values);
      return recordUseAndCopy(id, { text, values: typedValues(values) }, counted).then((ok) => {
        if (!ok) return;
        onDone?.();
        onClose();
      });
    },
  });

  return (
    <form {...form} className="space-y-4" aria-describedby={`${baseId}-intro`}>
      <p id={`${baseId}-intro`} className="text-sm text-muted-foreground">
        {t('prompts:fill.intro')}
      </p>
      <div className="grid gap-3 sm:grid-cols-2">
        {fields.map((field) => (
          <div key={field.name} className={field.kind === 'block' ? 'space-y-1.5 sm:col-span-2' : 'space-y-1.5'}>
            <Label htmlFor={field.id} className="break-words">
              {field.name}
            </Label>
            {field.kind === 'choice' ? (
              <Select {...field.control}>
                {field.options?.map((option) => (
                  <option key={option} value={option}>
                    {option}
                  </option>
                ))}
              </Select>
            ) : field.kind === 'block' ? (
              <Textarea {...field.control} rows={4} />
            ) : (
              <Input {...field.control} autoComplete="off" />
            )}
            {field.kind !== 'choice' && <RecentChips values={field.recent} current={field.value} onPick={field.pick} />}
          </div>
        ))}
      </div>
      <section aria-labelledby={`${baseId}-preview`} className="space-y-1.5">
        <h3 id={`${baseId}-preview`} className="text-sm font-medium">
          {t('prompts:fill.preview')}
        </h3>
        <div
          ref={preview.ref}
          data-testid="fill-preview"
          // Scrollable: it must be reachable by keyboard.
          // eslint-disable-next-line jsx-a11y-x/no-noninteractive-tabindex
          tabIndex={0}
          className="relative max-h-56 overflow-auto rounded-lg border border-border bg-muted/40 p-3 font-mono text-[0.8rem] leading-relaxed break-words whitespace-pre-wrap"
        >
          {preview.parts.map((part, i) =>
            part.kind === 'text' ? (
              part.text
            ) : (
              <mark
                key={i}
                data-var={part.name}
                data-filled={part.filled || undefined}
                className={
                  part.filled
                    ? 'rounded bg-primary/15 px-0.5 text-foreground'
                    : 'rounded bg-transparent px-0.5 text-muted-foreground outline outline-1 outline-dashed outline-border'
                }
              >
                {part.text}
              </mark>
            ),
          )}
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
  return Object.fromEntries(Object.entries(keptFillValues(values)).slice(0, RECENT_VALUES_LIMITS.names.max));
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
