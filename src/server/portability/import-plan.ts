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
  type ImportFormat,
  type ImportItemView,
  type ImportPreview,
} from '../../../modules/portability';
import {
  categoryBySlug,
  convertForeignPlaceholders,
  EDIT_NOTE_MAX,
  findForeignPlaceholders,
  submitPromptRequest,
  SUBMIT_REQUEST_LIMITS,
  templateVariables,
  type SubmitPromptRequest,
} from '../../../modules/prompts/contracts';
import type { PromptContent } from '../../../modules/prompts';
import { collectionRequest, type CollectionRequest } from '../../../modules/collections/contracts';
import { refuseUnstorableText, zodIssues } from '../http';
import { readZip, ZipRefused, type ZipRefusal } from '../zip';

/** A prompt the import will save (privately), with its place in the file and its later versions as edits. */
export interface ImportablePrompt {
  item: number;
  request: SubmitPromptRequest;
  edits: { change: PromptContent; note: string | null }[];
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
function readSource(format: ImportFormat, content: string): { candidates: ImportCandidate[]; collections: ImportedCollection[] } {
  if (format === 'promptory-json') return { candidates: readImportFile(format, content), collections: readPromptoryCollections(content) };
  if (format !== 'markdown') return { candidates: readImportFile(format, content), collections: [] };
  if (!content.startsWith(ZIP_BASE64)) return { candidates: readMarkdownFiles([{ path: 'prompt.md', text: content }]), collections: [] };
  let zip: Map<string, Buffer>;
  try {
    zip = readZip(Buffer.from(content, 'base64'), { entries: IMPORT_LIMITS.zipFiles, bytes: IMPORT_LIMITS.bytes, ratio: IMPORT_LIMITS.zipRatio });
  } catch (error) {
    const reason = error instanceof ZipRefused ? error.reason : 'unreadable';
    throw new UnreadableImport(ZIP_REFUSALS[reason]);
  }
  const files = [...zip].map(([path, data]) => ({ path, text: data.toString('utf8') }));
  return { candidates: readMarkdownFiles(files), collections: readMarkdownCollections(files) };
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
 * Other tools rarely keep a description (prompts.chat's CSV has none); the form's minimum
 * would refuse every such prompt, so one is made from the content's start, saying where it came from.
 */
function descriptionFor(given: string, content: string, format: ImportFormat): string {
  if (given.trim()) return given.trim();
  const { min, max } = SUBMIT_REQUEST_LIMITS.description;
  const start = content.replace(/\s+/gu, ' ').trim();
  const cut = start.length > 120 ? `${start.slice(0, 120).replace(/\s+\S*$/u, '')}…` : start;
  const from = `Imported from ${IMPORT_SOURCES[format]}`;
  const made = cut ? `${from}: ${cut}` : from;
  return made.length < min ? `${made}.` : made.slice(0, max);
}

/**
 * Reads an import file and decides, for each prompt in it, whether it is new, a duplicate of
 * one the user already has (or of an earlier one in the file), or invalid, and why, with the
 * server's own validation (the limits and messages of POST /api/prompts). Other tools'
 * placeholders become Promptory variables first. Pure but for the zip: the same for a
 * preview (dryRun) and the import itself.
 */
export function planImport(format: ImportFormat, content: string, authorName: string, existingContents: readonly string[], site: string): ImportPlan {
  let candidates: ImportCandidate[];
  let collections: ImportedCollection[];
  try {
    ({ candidates, collections } = readSource(format, content));
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
  const ownSyntax = format === 'promptory-json' || (format === 'markdown' && content.startsWith(ZIP_BASE64));
  const items: ImportItemView[] = [];
  const importable: ImportablePrompt[] = [];
  for (const candidate of candidates) {
    const versions: ImportedVersion[] = candidate.versions ?? [{ ...candidate, note: null }];
    let converted = 0;
    const parsed = versions.map((version) => {
      const found = ownSyntax ? [] : findForeignPlaceholders(version.content);
      converted = found.length;
      const text = convertForeignPlaceholders(version.content, found);
      return submitPromptRequest.safeParse({
        title: version.title,
        description: descriptionFor(version.description, text, format),
        content: text,
        categoryId: (version.category && categoryBySlug(version.category)?.id) || 0,
        authorName,
        visibility: 'private',
      });
    });
    const latest = parsed.at(-1)!;
    const view: ImportItemView = {
      item: candidate.item,
      title: candidate.title.trim(),
      outcome: 'new',
      issues: [],
      variables: latest.success ? templateVariables(latest.data.content).map((v) => v.name) : [],
      converted,
      promptId: null,
    };
    const failed = parsed.findIndex((p) => !p.success);
    if (failed >= 0) {
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
        });
      }
    }
    items.push(view);
  }
  const count = (outcome: ImportItemView['outcome']) => items.filter((i) => i.outcome === outcome).length;
  const planned = plannedCollections(collections, site);
  return {
    format,
    counts: { new: count('new'), duplicate: count('duplicate'), invalid: count('invalid') },
    collections: planned.length,
    items,
    importable,
    planned,
  };
}
