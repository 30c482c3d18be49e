import { useEffect, useId, useRef, useState } from 'react';
import { IMPORT_FORMATS, IMPORT_LIMITS, type ImportFormat, type ImportItemView, type ImportResult } from '../../../modules/portability/contracts';
import { api, apiWithUploadProgress, failureText } from '../../client/http';
import { useT, withStrings } from '../../client/strings';
import { reserveToast } from '../../ui/toast-store';
import * as routes from '../../shared/api-routes.generated';
import { formMessage } from '../../shared/form-messages';
import type { ScopeOf } from '../../shared/string-specs';
import type { Strings } from '../../shared/strings';
import { Button, buttonClass } from '../../ui/Button';
import { FieldError } from '../../ui/FieldError';
import { Icon } from '../../ui/Icon';
import { Label } from '../../ui/Label';
import { Select } from '../../ui/Select';

type Scope = ScopeOf<'importPrompts'>;

interface Props {
  strings: Strings<Scope>;
}

/** Where the wizard stands: choosing a file, reading or sending it (with progress), its preview, the import done, or undone. */
type Step =
  | { at: 'choose' }
  | { at: 'busy'; label: 'reading' | 'checking'; percent: number }
  // The import itself, after the preview: its own card, not the file form's.
  | { at: 'importing'; count: number; label: 'uploading' | 'saving'; percent: number; saved?: { saved: number; total: number } }
  | { at: 'preview'; result: ImportResult }
  | { at: 'done'; result: ImportResult }
  | { at: 'undone'; removed: number; kept: number };

/** A file as the import takes it: its bytes as they are, base64 (the server tells its format and encoding apart). */
function readFile(file: File, onProgress: (fraction: number) => void): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onprogress = (event) => event.lengthComputable && onProgress(event.loaded / event.total);
    reader.onerror = () => reject(reader.error ?? new Error('read failed'));
    reader.onload = () => {
      const result = String(reader.result);
      resolve(result.slice(result.indexOf(',') + 1));
    };
    reader.readAsDataURL(file);
  });
}

/** What the wizard sends: the file's bytes, and the format only when the person chose one. */
const bodyOf = (format: ImportFormat | '', bytes: string) => (format ? { format, bytes } : { bytes });

/** A fresh name for one import, so the page can ask how far its saving is (random: another tab's import never shares it). */
function newImportId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/** How often the page asks how far the saving is. */
const POLL_MS = 700;

/**
 * The import page's wizard: choose where the file comes from and the file, see what would be
 * imported (a preview: new, already yours, invalid and why), import it as private prompts,
 * and undo that import. Reading and sending a large file show their progress.
 */
export default withStrings(ImportPrompts);

function ImportPrompts(_props: Props) {
  const t = useT<Scope>();
  // Empty: the server recognises the file; a choice overrides it.
  const [format, setFormat] = useState<ImportFormat | ''>('');
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  // A refusal of the whole file stays on the page (not a toast that vanishes) until the next try.
  const [pageError, setPageError] = useState<string | null>(null);
  const [step, setStep] = useState<Step>({ at: 'choose' });
  const [confirmingUndo, setConfirmingUndo] = useState(false);
  const content = useRef<string | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const formatId = useId();
  const fileId = useId();
  const moved = useRef(false);

  // Focus follows the step (not on the first render: the page has just loaded).
  useEffect(() => {
    if (!moved.current) {
      moved.current = true;
      return;
    }
    if (step.at !== 'busy' && step.at !== 'importing') heading.current?.focus();
  }, [step.at]);

  const failed = (error: unknown, description?: string) => {
    console.error(error);
    setPageError(description ?? failureText(t, error, t('import.errors.network')));
  };

  const check = async () => {
    if (!file) return setFileError(t('import.errors.noFile'));
    if (file.size > IMPORT_LIMITS.bytes) return setFileError(t('import.errors.tooLarge'));
    setFileError(null);
    setPageError(null);
    setStep({ at: 'busy', label: 'reading', percent: 0 });
    try {
      content.current = await readFile(file, (f) => setStep({ at: 'busy', label: 'reading', percent: Math.round(f * 100) }));
    } catch (error) {
      setStep({ at: 'choose' });
      return failed(error, t('import.errors.read'));
    }
    setStep({ at: 'busy', label: 'checking', percent: 0 });
    try {
      const result = await api(routes.importMyData, { query: { dryRun: '1' }, body: bodyOf(format, content.current) });
      setStep({ at: 'preview', result });
    } catch (error) {
      setStep({ at: 'choose' });
      failed(error);
    }
  };

  const run = async (preview: ImportResult) => {
    const count = preview.counts.new;
    setStep({ at: 'importing', count, label: 'uploading', percent: 0 });
    const importId = newImportId();
    // The server saves the file in parts: the page asks how far it is until the import's answer comes.
    let settled = false;
    const poll = async () => {
      while (!settled) {
        await new Promise((resolve) => setTimeout(resolve, POLL_MS));
        if (settled) break;
        try {
          const { saved, total } = await api(routes.importProgress, { params: { importId } });
          if (!settled && total > 0) setStep({ at: 'importing', count, label: 'saving', percent: Math.round((saved / total) * 100), saved: { saved, total } });
        } catch {
          // Not known yet (the file is still being read) or asked of another process: the busy line stays.
        }
      }
    };
    // Asked from the start: unknown (404) while the file is sent and read, then the saving's count.
    void poll();
    const upload = apiWithUploadProgress((f) => {
      if (settled) return;
      // The upload's last report never hides the saving's count a poll has shown.
      setStep((now) =>
        now.at === 'importing' && now.saved
          ? now
          : f < 1
            ? { at: 'importing', count, label: 'uploading', percent: Math.round(f * 100) }
            : { at: 'importing', count, label: 'saving', percent: 0 },
      );
    });
    try {
      const result = await upload(routes.importMyData, { body: { ...bodyOf(format, content.current!), importId } });
      settled = true;
      setStep({ at: 'done', result });
    } catch (error) {
      settled = true;
      setStep({ at: 'preview', result: preview });
      failed(error);
    }
  };

  const undo = async (batchId: number) => {
    const toast = reserveToast();
    try {
      const { removed, kept } = await api(routes.undoImport, { params: { batchId } });
      toast({ title: t('import.undone.title'), description: t('import.undone.description', { removed, kept }) });
      setConfirmingUndo(false);
      setStep({ at: 'undone', removed, kept });
    } catch (error) {
      console.error(error);
      toast({ variant: 'destructive', title: t('import.errors.title'), description: t('import.errors.undo') });
    }
  };

  const restart = () => {
    content.current = null;
    setPageError(null);
    setFile(null);
    setConfirmingUndo(false);
    setStep({ at: 'choose' });
  };

  const stepIndex = step.at === 'choose' || step.at === 'busy' ? 0 : step.at === 'preview' || step.at === 'importing' ? 1 : 2;
  return (
    <div className="space-y-6" data-testid="import-wizard">
      <ol className="flex flex-wrap gap-2 text-sm" aria-label={t('import.title')}>
        {(['choose', 'check', 'done'] as const).map((name, i) => (
          <li
            key={name}
            aria-current={i === stepIndex ? 'step' : undefined}
            className={`flex items-center gap-2 rounded-full px-3 py-1 ${i === stepIndex ? 'bg-accent font-medium text-accent-foreground' : 'text-muted-foreground'}`}
          >
            <span aria-hidden="true">{i + 1}.</span>
            {t(`import.steps.${name}`)}
          </li>
        ))}
      </ol>

      {(step.at === 'choose' || step.at === 'busy') && (
        <form
          className="card space-y-5 p-6 sm:p-8"
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            void check();
          }}
        >
          <h2 ref={heading} tabIndex={-1} className="text-lg font-semibold outline-none">
            {t('import.steps.choose')}
          </h2>
          <div className="space-y-1.5">
            <Label htmlFor={formatId}>{t('import.format')}</Label>
            <Select
              id={formatId}
              value={format}
              onChange={(e) => setFormat(e.target.value as ImportFormat | '')}
              disabled={step.at === 'busy'}
              aria-describedby={`${formatId}-help`}
              data-testid="import-format"
            >
              <option value="">{t('import.detect')}</option>
              {IMPORT_FORMATS.map((f) => (
                <option key={f} value={f}>
                  {t(`import.formats.${f}`)}
                </option>
              ))}
            </Select>
            <p id={`${formatId}-help`} className="text-sm text-muted-foreground">
              {t('import.formatHelp')}
            </p>
          </div>
          <div className="space-y-1.5">
            <Label htmlFor={fileId}>{t('import.file')}</Label>
            <input
              id={fileId}
              type="file"
              accept=".json,.csv,.txt,.md,.zip,.gz,application/json,text/csv,text/markdown,application/zip,application/gzip"
              className="input file:mr-3 file:rounded-md file:border-0 file:bg-muted file:px-3 file:py-1 file:text-sm"
              aria-invalid={fileError ? true : undefined}
              aria-describedby={`${fileId}-help${fileError ? ` ${fileId}-error` : ''}`}
              disabled={step.at === 'busy'}
              onChange={(e) => {
                setFile(e.target.files?.[0] ?? null);
                setFileError(null);
                setPageError(null);
              }}
              data-testid="import-file"
            />
            <p id={`${fileId}-help`} className="text-sm text-muted-foreground">
              {t('import.fileHelp')}
            </p>
            {fileError && <FieldError id={`${fileId}-error`}>{fileError}</FieldError>}
          </div>
          {pageError && <PageError text={pageError} />}
          {step.at === 'busy' ? (
            <Progress label={t(`import.${step.label}`, { percent: step.percent })} percent={step.label === 'checking' ? null : step.percent} />
          ) : (
            <Button type="submit" data-testid="import-check">
              {t('import.check')}
            </Button>
          )}
        </form>
      )}

      {step.at === 'preview' && (
        <section className="card space-y-5 p-6 sm:p-8" aria-labelledby="import-preview-title">
          <h2 id="import-preview-title" ref={heading} tabIndex={-1} className="text-lg font-semibold outline-none">
            {t('import.steps.check')}
          </h2>
          <p className="text-sm" data-testid="import-summary">
            {t('import.summary', step.result.counts)}
            {step.result.collections > 0 && <> {t('import.collections', { count: step.result.collections })}</>}
          </p>
          <ReadAs result={step.result} />
          <ItemList items={step.result.items} />
          <div className="flex flex-wrap gap-3">
            {step.result.counts.new > 0 ? (
              <Button onClick={() => void run(step.result)} data-testid="import-run">
                <Icon name="download" size={16} />
                {t('import.import', { count: step.result.counts.new })}
              </Button>
            ) : (
              <p className="text-sm text-muted-foreground">{t('import.nothingNew')}</p>
            )}
            <Button variant="outline" onClick={restart}>
              {t('import.another')}
            </Button>
          </div>
          {pageError && <PageError text={pageError} />}
        </section>
      )}

      {step.at === 'importing' && (
        <section className="card space-y-5 p-6 sm:p-8" aria-labelledby="import-saving-title" data-testid="import-saving">
          <h2 id="import-saving-title" className="text-lg font-semibold">
            {t('import.import', { count: step.count })}
          </h2>
          <Progress
            label={
              step.saved
                ? t('import.savingCount', { saved: step.saved.saved, total: step.saved.total, percent: step.percent })
                : t(`import.${step.label}`, { percent: step.percent })
            }
            percent={step.label === 'saving' && !step.saved ? null : step.percent}
          />
        </section>
      )}

      {step.at === 'done' && (
        <section className="card space-y-5 p-6 sm:p-8" aria-labelledby="import-done-title" data-testid="import-done">
          <h2 id="import-done-title" ref={heading} tabIndex={-1} className="text-lg font-semibold outline-none">
            {t('import.done', { count: step.result.counts.new })}
          </h2>
          <p className="text-sm text-muted-foreground">{t('import.doneText')}</p>
          <div className="flex flex-wrap gap-3">
            <a href="/dashboard?tab=submissions" className={buttonClass({ variant: 'primary' })}>
              {t('import.viewMine')}
            </a>
            <Button variant="outline" onClick={restart}>
              {t('import.another')}
            </Button>
            {!confirmingUndo && step.result.batchId !== null && (
              <Button variant="outline" onClick={() => setConfirmingUndo(true)} data-testid="import-undo">
                {t('import.undo')}
              </Button>
            )}
          </div>
          {confirmingUndo && step.result.batchId !== null && (
            <div role="group" aria-labelledby="import-undo-confirm" className="space-y-3 rounded-lg border border-border bg-muted/40 p-4">
              <p id="import-undo-confirm" className="text-sm">
                {t('import.undoConfirm')}
                {step.result.collections > 0 && <> {t('import.undoCollections')}</>}
              </p>
              <div className="flex flex-wrap gap-2">
                <Button onClick={() => void undo(step.result.batchId!)} data-testid="import-undo-confirm">
                  {t('import.undoYes')}
                </Button>
                <Button variant="outline" onClick={() => setConfirmingUndo(false)}>
                  {t('import.cancel')}
                </Button>
              </div>
            </div>
          )}
        </section>
      )}

      {step.at === 'undone' && (
        <section className="card space-y-4 p-6 sm:p-8" aria-labelledby="import-undone-title" data-testid="import-undone">
          <h2 id="import-undone-title" ref={heading} tabIndex={-1} className="text-lg font-semibold outline-none">
            {t('import.undone.title')}
          </h2>
          <p className="text-sm text-muted-foreground">{t('import.undone.description', { removed: step.removed, kept: step.kept })}</p>
          <Button variant="outline" onClick={restart}>
            {t('import.another')}
          </Button>
        </section>
      )}
    </div>
  );
}

/**
 * A progress bar with its text: the text is announced politely as it changes; the bar is a real
 * `<progress>` named by that text (without a value while the share is unknown: the browser's busy
 * bar).
 */
function Progress({ label, percent }: { label: string; percent: number | null }) {
  const id = useId();
  return (
    <div className="space-y-2" data-testid="import-progress">
      <p id={id} className="text-sm text-muted-foreground" role="status" aria-live="polite">
        {label}
      </p>
      <progress
        aria-labelledby={id}
        max={100}
        value={percent ?? undefined}
        className="block h-2 w-full appearance-none overflow-hidden rounded-full bg-muted [&::-moz-progress-bar]:bg-primary [&::-webkit-progress-bar]:bg-muted [&::-webkit-progress-value]:bg-primary [&::-webkit-progress-value]:transition-[width]"
        data-testid="import-progress-bar"
      />
    </div>
  );
}

/** How many of a file's prompts the preview draws at first, and how many more each press of "Show more" adds. */
const ITEM_PAGE = 100;

const OUTCOME_LOOK: Record<ImportItemView['outcome'], string> = {
  new: 'bg-emerald-500/15 text-emerald-700 dark:text-emerald-300',
  duplicate: 'bg-muted text-muted-foreground',
  invalid: 'bg-destructive/15 text-destructive',
};

/** Every prompt of the file with its outcome; an invalid one says why, in the user's language. */
function ItemList({ items }: { items: ImportItemView[] }) {
  const t = useT<Scope>();
  const issueText = (issue: ImportItemView['issues'][number]) => {
    if (issue.code === 'empty_column' && issue.limit) return t('import.emptyColumn', { line: issue.limit });
    const chosen = formMessage('createPage', issue);
    return chosen ? t(chosen.qualified, chosen.values) : issue.message;
  };
  const located = (item: ImportItemView, text: string) => (item.line && !text.includes(String(item.line)) ? t('import.line', { line: item.line, text }) : text);
  // A file of 20,000 prompts would draw 20,000 rows at once: the list grows a page at a time (the summary counts them all).
  const [shown, setShown] = useState(ITEM_PAGE);
  // After "Show 100 more" the keyboard goes on from the first row it added (the button is gone after the last page).
  const firstAdded = useRef<HTMLLIElement>(null);
  const [added, setAdded] = useState<number | null>(null);
  useEffect(() => {
    if (added !== null) firstAdded.current?.focus();
  }, [added]);
  return (
    <div className="space-y-3">
      <ul className="max-h-[28rem] divide-y divide-border overflow-y-auto rounded-lg border border-border" data-testid="import-items">
        {items.slice(0, shown).map((item, i) => (
          <li
            key={item.item}
            ref={i === added ? firstAdded : undefined}
            tabIndex={i === added ? -1 : undefined}
            className="flex flex-col gap-1.5 p-3 outline-offset-[-2px] sm:flex-row sm:items-start sm:justify-between sm:gap-4"
            data-outcome={item.outcome}
          >
            <div className="min-w-0 wrap-anywhere">
              <p className="text-sm font-medium">{item.title || t('import.untitled', { item: item.item })}</p>
              {item.outcome === 'invalid' ? (
                <ul className="mt-1 list-disc pl-5 text-sm text-destructive">
                  {item.issues.map((issue, i) => (
                    <li key={i}>{located(item, issueText(issue))}</li>
                  ))}
                </ul>
              ) : (
                <p className="mt-0.5 text-xs text-muted-foreground">
                  {item.fullTitle && (
                    <span className="block" data-testid="import-title-shortened">
                      {t('import.titleShortened')}
                    </span>
                  )}
                  {item.variables.length > 0 && t('import.variables', { names: item.variables.join(', ') })}
                  {item.variables.length > 0 && item.converted > 0 && ' · '}
                  {item.converted > 0 && t('import.converted', { count: item.converted })}
                </p>
              )}
            </div>
            <span className={`badge shrink-0 self-start ${OUTCOME_LOOK[item.outcome]}`}>{t(`import.outcomes.${item.outcome}`)}</span>
          </li>
        ))}
      </ul>
      {items.length > ITEM_PAGE && (
        <div className="flex flex-wrap items-center gap-3">
          <p className="text-sm text-muted-foreground" aria-live="polite" data-testid="import-items-shown">
            {t('import.showing', { shown: Math.min(shown, items.length), total: items.length })}
          </p>
          {shown < items.length && (
            <Button
              variant="outline"
              size="sm"
              onClick={() => {
                setAdded(shown);
                setShown(shown + ITEM_PAGE);
              }}
              data-testid="import-show-more"
            >
              {t('import.showMore')}
            </Button>
          )}
        </div>
      )}
    </div>
  );
}

/** A refusal of the whole file, said on the page in the person's language until they try again. */
function PageError({ text }: { text: string }) {
  return (
    <div role="alert" className="rounded-lg border border-destructive/40 bg-destructive/10 px-4 py-3 text-sm text-destructive" data-testid="import-error">
      {text}
    </div>
  );
}

/** How the file was read (its format, its encoding) and the start of its text as decoded, so a garbled read shows at once. */
function ReadAs({ result }: { result: ImportResult }) {
  const t = useT<Scope>();
  return (
    <div className="space-y-2" data-testid="import-read-as">
      <p className="text-sm text-muted-foreground">
        {t('import.readAs', { format: t(`import.formats.${result.format}`), encoding: result.encoding ? t(`import.encodings.${result.encoding}`) : 'UTF-8' })}
      </p>
      {result.sample && (
        <details open className="rounded-lg border border-border">
          <summary className="cursor-pointer px-3 py-2 text-sm">{t('import.sampleLabel')}</summary>
          <pre className="max-h-48 overflow-auto border-t border-border px-3 py-2 text-xs whitespace-pre-wrap wrap-anywhere" data-testid="import-sample">
            {result.sample}
          </pre>
        </details>
      )}
    </div>
  );
}
