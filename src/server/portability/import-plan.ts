import { DomainError, type Reason } from '../../../events';
import {
  IMPORT_LIMITS,
  IMPORT_REFUSALS,
  IMPORT_SOURCES,
  readImportFile,
  readMarkdownCollections,
  readMarkdownFiles,
  readPromptoryCollections,
  UnreadableImport,
  type ImportedCollection,
  type ImportCandidate,
  type ImportedVersion,
  type FileEncoding,
  type ImportFormat,
  type ImportItemView,
  type ImportPreview,
  allSteps,
  readCsvSteps,
  stepsWithTurns,
  type ReadCsv,
} from '../../../modules/portability';
import {
  categoryBySlug,
  convertForeignPlaceholders,
  EDIT_NOTE_MAX,
  findForeignPlaceholders,
  PRIVATE_PROMPT_LIMITS,
  privatePromptRequest,
  SUBMIT_REQUEST_LIMITS,
  templateVariables,
  type SubmitPromptRequest,
} from '../../../modules/prompts/contracts';
import type { PromptContent } from '../../../modules/prompts';
import { collectionRequest, type CollectionRequest } from '../../../modules/collections/contracts';
import { refuseUnstorableText, zodIssues } from '../http';
import { decodeFile, detectFormat, type DecodedFile } from './import-bytes';
import { readZip, ZipRefused, type ZipRefusal } from '../zip';

/** A prompt the import will save (privately), with its place in the file and its later versions as edits. */
export interface ImportablePrompt {
  item: number;
  request: SubmitPromptRequest;
  edits: { change: PromptContent; note: string | null }[];
  /** The tags the file gives it (the import tags it after saving: modules/tags). */
  tags: string[];
}

/** A collection the import will make, with the public prompts (ids here) it will hold. */
export interface PlannedCollection {
  collection: CollectionRequest;
  promptIds: number[];
}

/** The preview of an import and the prompts (and collections) it would save. */
export interface ImportPlan extends ImportPreview {
  importable: ImportablePrompt[];
  planned: PlannedCollection[];
}

/** A zip's first bytes (`PK\x03\x04`) as base64: a Markdown import is a whole Promptory export. */
const ZIP_BASE64 = 'UEsDB';

/** What the member reads when a zip is refused whole. */
const ZIP_REFUSALS: Record<ZipRefusal, Reason> = {
  unreadable: IMPORT_REFUSALS.zipUnreadable,
  bytes: IMPORT_REFUSALS.zipTooBig({ megabytes: IMPORT_LIMITS.bytes / 1024 / 1024 }),
  entries: IMPORT_REFUSALS.zipTooManyFiles({ limit: IMPORT_LIMITS.zipFiles }),
  nested: IMPORT_REFUSALS.zipNested,
};

/** The prompts of a file and, in a Promptory export, its collections. */
function readSource(format: ImportFormat, file: DecodedFile, csv?: ReadCsv): { candidates: ImportCandidate[]; collections: ImportedCollection[] } {
  if (file.kind === 'zip') return readZipExport(file.bytes);
  const content = file.text;
  if (format === 'promptory-json') return { candidates: readImportFile(format, content), collections: readPromptoryCollections(content) };
  if (format !== 'markdown') return { candidates: readImportFile(format, content, csv), collections: [] };
  return { candidates: readMarkdownFiles([{ path: 'prompt.md', text: content }]), collections: [] };
}

/** A Promptory Markdown export: its prompts' files and collection indexes, opened within the zip limits. */
function readZipExport(bytes: Buffer): { candidates: ImportCandidate[]; collections: ImportedCollection[] } {
  let zip: Map<string, Buffer>;
  try {
    zip = readZip(bytes, { entries: IMPORT_LIMITS.zipFiles, bytes: IMPORT_LIMITS.bytes, ratio: IMPORT_LIMITS.zipRatio });
  } catch (error) {
    const reason = error instanceof ZipRefused ? error.reason : 'unreadable';
    throw new UnreadableImport(ZIP_REFUSALS[reason]);
  }
  const files = [...zip].map(([path, data]) => ({ path, text: data.toString('utf8') }));
  return { candidates: readMarkdownFiles(files), collections: readMarkdownCollections(files) };
}

/** A file past what one import takes. */
const FILE_TOO_LARGE = IMPORT_REFUSALS.tooLarge({ megabytes: IMPORT_LIMITS.bytes / 1024 / 1024 });

/** What an import is given: the file's bytes (base64), or its text (a zip: base64) as older clients send it; `format` overrides detection. */
export interface ImportInput {
  format?: ImportFormat;
  content?: string;
  bytes?: string;
}

/** The file as text or a zip, how it was decoded, and the format it is read as. */
function openInput({ format, content, bytes }: ImportInput): { file: DecodedFile; format: ImportFormat; encoding: FileEncoding | null } {
  if (bytes !== undefined) {
    const raw = Buffer.from(bytes, 'base64');
    if (raw.length > IMPORT_LIMITS.bytes) throw new UnreadableImport(FILE_TOO_LARGE);
    const file = decodeFile(raw);
    return { file, format: format ?? detectFormat(file), encoding: file.kind === 'text' ? file.encoding : null };
  }
  const text = content ?? '';
  if (Buffer.byteLength(text) > IMPORT_LIMITS.bytes) throw new UnreadableImport(FILE_TOO_LARGE);
  // A Markdown import sent as text is a whole Promptory export when it is a zip's base64.
  const zipped = (format === undefined || format === 'markdown') && text.startsWith(ZIP_BASE64);
  const file: DecodedFile = zipped ? { kind: 'zip', bytes: Buffer.from(text, 'base64') } : { kind: 'text', text, encoding: 'utf-8' };
  return { file, format: format ?? detectFormat(file), encoding: null };
}

/** How much of the decoded text the preview shows. */
const SAMPLE_CHARACTERS = 400;

/**
 * A title longer than a title may be, shortened at the last word boundary that fits (with an
 * ellipsis); text without spaces (Chinese) is cut at the limit.
 */
export function shortenedTitle(title: string, max = SUBMIT_REQUEST_LIMITS.title.max ?? 100): string {
  const room = title.slice(0, max - 1);
  const atWord = room.replace(/\s+\S*$/u, '');
  return `${(atWord.length >= max / 2 ? atWord : room).trimEnd()}…`;
}

/**
 * The collections the import makes: those whose name and description pass the collection
 * form's rules, with their prompts when they come from this site (another site's prompt ids
 * name nothing here: its collections come empty).
 */
function plannedCollections(collections: readonly ImportedCollection[], site: string): PlannedCollection[] {
  return collections.flatMap(({ name, description, isPublic, site: from, promptIds }) => {
    const parsed = collectionRequest.safeParse({ name, description, isPublic });
    return parsed.success ? [{ collection: parsed.data, promptIds: sameSite(from, site) ? promptIds : [] }] : [];
  });
}

const sameSite = (a: string, b: string) => {
  try {
    return new URL(a).origin === new URL(b).origin;
  } catch {
    return false;
  }
};

/** What two prompts share when they are the same prompt: letters as NFKC, case and spacing aside. */
export function normalisedContent(content: string): string {
  return content.normalize('NFKC').toLowerCase().replace(/\s+/gu, ' ').trim();
}

/**
 * A private prompt's description is optional, so a tool's short note is kept as it is. Where the
 * tool keeps none (prompts.chat's CSV) one is made from the content's start, saying where it came
 * from. A shortened title is kept whole there, first.
 */
function descriptionFor(given: string, content: string, format: ImportFormat, fullTitle: string | undefined): string {
  const start = content.replace(/\s+/gu, ' ').trim();
  const cut = start.length > 120 ? `${start.slice(0, 120).replace(/\s+\S*$/u, '')}…` : start;
  const from = `Imported from ${IMPORT_SOURCES[format]}`;
  const own = given.trim() || (cut ? `${from}: ${cut}` : `${from}.`);
  return (fullTitle ? `Full title: ${fullTitle}\n\n${own}` : own).slice(0, PRIVATE_PROMPT_LIMITS.description.max);
}

/** A CSV record whose prompt column is empty: said with its line, as a person finds it in the file. */
const emptyColumn = (line: number) => ({ path: ['content'], code: 'empty_column', message: `Line ${line}: the prompt column is empty.`, limit: line });

/**
 * Reads an import file and decides, for each prompt in it, whether it is new, a duplicate of
 * one the user already has (or of an earlier one in the file), or invalid, and why, with the
 * server's own validation (the limits and messages of POST /api/prompts). Other tools'
 * placeholders become Promptory variables first. Pure but for the zip: the same for a
 * preview (dryRun) and the import itself.
 */
export function planImport(input: ImportInput, authorName: string, existingContents: readonly string[], site: string): ImportPlan {
  return allSteps(planSteps(input, authorName, existingContents, site));
}

/** How many of a file's prompts are planned between two turns of the event loop (a few ms of work). */
const PLAN_STEP = 200;

/**
 * `planImport` for a request: a file of 20,000 prompts takes seconds to plan, so the event loop
 * turns every `PLAN_STEP` prompts and other requests are answered meanwhile. Takes the file out
 * of `input`.
 */
export async function planImportYielding(input: ImportInput, authorName: string, existingContents: readonly string[], site: string): Promise<ImportPlan> {
  // The file is taken out of the request's body: its base64 (27 MB for a 20 MB file) is let
  // go once decoded, not held while the import writes for a minute.
  const file = { ...input };
  input.bytes = input.content = undefined;
  return stepsWithTurns(planSteps(file, authorName, existingContents, site));
}

/** The plan, made in steps: it yields after every `PLAN_STEP` prompts. */
function* planSteps(input: ImportInput, authorName: string, existingContents: readonly string[], site: string): Generator<void, ImportPlan> {
  let candidates: ImportCandidate[];
  let collections: ImportedCollection[];
  let opened: ReturnType<typeof openInput>;
  try {
    opened = openInput(input);
    yield;
    // prompts.chat's CSV, the file people bring by the thousand, is read in steps too.
    let csv: ReadCsv | undefined;
    if (opened.file.kind === 'text' && opened.format === 'prompts-chat-csv') {
      const lines: number[] = [];
      const records = yield* readCsvSteps(opened.file.text, lines);
      csv = (_, into) => (into.push(...lines), records);
    }
    ({ candidates, collections } = readSource(opened.format, opened.file, csv));
  } catch (error) {
    if (error instanceof UnreadableImport) throw new DomainError(error.reason, { field: 'content' });
    throw error;
  }
  // A file's own escapes (JSON's `\u0000`, a zip's bytes) can spell what the request body could not.
  refuseUnstorableText([candidates, collections], ['content']);
  if (candidates.length === 0) throw new DomainError(IMPORT_REFUSALS.empty, { field: 'content' });
  const tooBig = (refusal: (values: { limit: number }) => Reason, limit: number) => {
    const reason = refusal({ limit });
    return new DomainError(reason, { issues: [{ path: ['content'], message: reason.message, code: 'too_big', limit }] });
  };
  if (candidates.length > IMPORT_LIMITS.prompts) throw tooBig(IMPORT_REFUSALS.tooMany, IMPORT_LIMITS.prompts);
  // What one request may cost, whatever the file: checked before anything is planned or written.
  if (candidates.some((c) => (c.versions?.length ?? 1) > IMPORT_LIMITS.versions)) throw tooBig(IMPORT_REFUSALS.tooManyVersions, IMPORT_LIMITS.versions);
  if (collections.length > IMPORT_LIMITS.collections) throw tooBig(IMPORT_REFUSALS.tooManyCollections, IMPORT_LIMITS.collections);
  // A prompt named twice in a collection is added once (importCollectionIn): counted once.
  if (collections.some((c) => new Set(c.promptIds).size > IMPORT_LIMITS.collectionPrompts))
    throw tooBig(IMPORT_REFUSALS.collectionTooBig, IMPORT_LIMITS.collectionPrompts);
  const seen = new Set(existingContents.map(normalisedContent));
  // Promptory's own files are in its syntax already: a `[note]` there is the author's text.
  const { format, file, encoding } = opened;
  // PromptHub writes `{{name}}` and `{{name:default}}` as Promptory does.
  const ownSyntax = format === 'promptory-json' || format === 'prompthub-json' || file.kind === 'zip';
  const items: ImportItemView[] = [];
  const importable: ImportablePrompt[] = [];
  for (const [index, candidate] of candidates.entries()) {
    if (index > 0 && index % PLAN_STEP === 0) yield;
    const versions: ImportedVersion[] = candidate.versions ?? [{ ...candidate, note: null }];
    let converted = 0;
    let fullTitle: string | undefined;
    const parsed = versions.map((version) => {
      const found = ownSyntax ? [] : findForeignPlaceholders(version.content);
      converted = found.length;
      const text = convertForeignPlaceholders(version.content, found);
      const title = version.title.trim();
      fullTitle = title.length > (PRIVATE_PROMPT_LIMITS.title.max ?? Infinity) ? title : undefined;
      return privatePromptRequest.safeParse({
        title: fullTitle ? shortenedTitle(title) : title,
        description: descriptionFor(version.description, text, format, fullTitle),
        content: text,
        categoryId: (version.category && categoryBySlug(version.category)?.id) || 0,
        authorName,
        visibility: 'private',
      });
    });
    const latest = parsed.at(-1)!;
    const view: ImportItemView = {
      item: candidate.item,
      title: fullTitle ? shortenedTitle(fullTitle) : candidate.title.trim(),
      outcome: 'new',
      issues: [],
      variables: latest.success ? templateVariables(latest.data.content).map((v) => v.name) : [],
      converted,
      promptId: null,
      ...(candidate.line ? { line: candidate.line } : {}),
      ...(fullTitle ? { fullTitle } : {}),
      ...(candidate.tags?.length ? { tags: candidate.tags } : {}),
    };
    const failed = parsed.findIndex((p) => !p.success);
    if (candidate.line && !candidate.content.trim()) {
      view.outcome = 'invalid';
      view.issues = [emptyColumn(candidate.line)];
    } else if (failed >= 0) {
      view.outcome = 'invalid';
      // An earlier version's problem names the version: ['versions', 0, 'title'].
      const issues = zodIssues(parsed[failed].error!);
      view.issues = failed === parsed.length - 1 ? issues : issues.map((issue) => ({ ...issue, path: ['versions', failed, ...issue.path] }));
    } else {
      const key = normalisedContent(latest.data!.content);
      if (seen.has(key)) view.outcome = 'duplicate';
      else {
        seen.add(key);
        const [first, ...later] = parsed.map((p) => p.data!);
        importable.push({
          item: candidate.item,
          request: first,
          edits: later.map(({ title, description, content, categoryId }, i) => ({
            change: { title, description, content, categoryId },
            note: versions[i + 1].note?.slice(0, EDIT_NOTE_MAX) ?? null,
          })),
          tags: candidate.tags ?? [],
        });
      }
    }
    items.push(view);
  }
  const count = (outcome: ImportItemView['outcome']) => items.filter((i) => i.outcome === outcome).length;
  const planned = plannedCollections(collections, site);
  return {
    format,
    encoding,
    sample: file.kind === 'text' ? file.text.replace(/^\ufeff/, '').slice(0, SAMPLE_CHARACTERS) : '',
    counts: { new: count('new'), duplicate: count('duplicate'), invalid: count('invalid') },
    collections: planned.length,
    items,
    importable,
    planned,
  };
}
