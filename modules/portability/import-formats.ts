import { readCsv } from './csv';
import type { Reason } from '../../events/refusals';
import { IMPORT_REFUSALS, PROMPTORY_FORMAT, type ImportFormat } from './contracts';

/**
 * Reading other prompt tools' export files (and Promptory's own) into prompts to import. Each
 * reader knows one tool's shape (samples and notes: tests/fixtures/formats/); what they all give
 * is a list of candidates, validated and converted later by the import (the placeholders of
 * other tools become Promptory variables there). Pure: the zip of a Markdown export is opened
 * by the caller and handed in as files.
 */

/** The tool's name as a person knows it (a derived description says where a prompt came from). */
export const IMPORT_SOURCES: Record<ImportFormat, string> = {
  'promptory-json': 'Promptory',
  'prompts-chat-csv': 'prompts.chat',
  'prompts-chat-json': 'prompts.chat',
  'open-webui-json': 'Open WebUI',
  'ai-prompt-genius': 'AI Prompt Genius',
  'aishort-json': 'AiShort',
  'prompthub-json': 'PromptHub',
  markdown: 'Markdown',
};

export interface ImportCandidate {
  /** Its 1-based place in the file: what the preview names. */
  item: number;
  /** The line its record starts on (a CSV file's), for a person to find it. */
  line?: number;
  title: string;
  description: string;
  content: string;
  /** The category's slug when the source names one of ours. */
  category: string | null;
  /**
   * Its versions, oldest first, when the source keeps them (a Promptory export): the import
   * saves the first and applies the others as edits, so the history comes along.
   */
  versions?: ImportedVersion[];
  /** The tags the source gives it (prompts.chat, Open WebUI, AI Prompt Genius, Promptory), as written there. */
  tags?: string[];
}

/**
 * A source's tags: a list of names or of `{ name }` objects (prompts.chat), or one string
 * split on `separator` (AI Prompt Genius's CSV joins them with `;`, its oldest archive with `,`).
 */
export function tagsOf(value: unknown, separator: string | RegExp = ','): string[] {
  const list = Array.isArray(value) ? value : typeof value === 'string' ? value.split(separator) : [];
  return list
    .map((t) => (typeof t === 'string' ? t : typeof (t as Json | null)?.name === 'string' ? String((t as Json).name) : ''))
    .map((t) => t.trim())
    .filter(Boolean);
}

/** One version of an imported prompt, with the note that came with the change. */
export interface ImportedVersion {
  title: string;
  description: string;
  content: string;
  category: string | null;
  note: string | null;
}

/** The whole file cannot be read as the chosen format (nothing is imported). */
export class UnreadableImport extends Error {
  constructor(readonly reason: Reason) {
    super(reason.message);
  }
}

/** A file of a Markdown export: its path in the zip (or the file's name) and its text. */
export interface ImportFile {
  path: string;
  text: string;
}

type Json = Record<string, unknown>;

const text = (value: unknown): string => (typeof value === 'string' ? value : value === null || value === undefined ? '' : String(value));
const objectsOf = (value: unknown): Json[] => (Array.isArray(value) ? value.filter((v): v is Json => typeof v === 'object' && v !== null) : []);

function parseJson(source: string, what: string): unknown {
  try {
    return JSON.parse(source.replace(/^\ufeff/, ''));
  } catch {
    throw new UnreadableImport(IMPORT_REFUSALS.notJson({ format: what }));
  }
}

/** The prompts of a JSON export that is either the list itself or `{ prompts: [...] }`; `notIt` refuses any other JSON. */
function promptList(data: unknown, notIt: Reason): unknown[] {
  const list = Array.isArray(data) ? data : (data as Json)?.prompts;
  if (!Array.isArray(list)) throw new UnreadableImport(notIt);
  return list;
}

const candidates = (rows: Omit<ImportCandidate, 'item'>[]): ImportCandidate[] => rows.map((row, i) => ({ item: i + 1, ...row }));

/** Promptory's own export (docs/data-format.md): the prompts, with their category slugs. */
function promptoryJson(source: string): ImportCandidate[] {
  const data = parseJson(source, 'Promptory') as Json;
  if (data?.format !== PROMPTORY_FORMAT) throw new UnreadableImport(IMPORT_REFUSALS.notPromptory);
  return candidates(
    objectsOf(data.prompts).map((p) => {
      const versions = objectsOf(p.versions).map((v) => ({
        title: text(v.title),
        description: text(v.description),
        content: text(v.content),
        category: text(v.category) || null,
        note: text(v.note) || null,
      }));
      return {
        title: text(p.title),
        description: text(p.description),
        content: text(p.content),
        category: text(p.category) || null,
        tags: tagsOf(p.tags),
        ...(versions.length > 1 ? { versions } : {}),
      };
    }),
  );
}

/** prompts.chat's CSV, by header name (`act,prompt` since 2022; `for_devs` TRUE means coding). */
function promptsChatCsv(source: string, csv: ReadCsv = readCsv): ImportCandidate[] {
  const lines: number[] = [];
  const [header, ...rows] = csv(source, lines);
  const column = (name: string) => header?.findIndex((h) => h.trim().toLowerCase() === name) ?? -1;
  const act = column('act');
  const prompt = column('prompt');
  if (act < 0 || prompt < 0) throw new UnreadableImport(IMPORT_REFUSALS.noCsvColumns);
  const forDevs = column('for_devs');
  return candidates(
    rows.map((row, i) => ({
      line: lines[i + 1],
      title: row[act] ?? '',
      description: '',
      content: row[prompt] ?? '',
      category: forDevs >= 0 && row[forDevs]?.trim().toUpperCase() === 'TRUE' ? 'coding' : null,
    })),
  );
}

/** prompts.chat's /prompts.json: `{ count, prompts: [...] }` (or the bare list). */
function promptsChatJson(source: string): ImportCandidate[] {
  const list = promptList(parseJson(source, 'prompts.chat'), IMPORT_REFUSALS.notPromptsChat);
  return candidates(
    objectsOf(list).map((p) => ({
      title: text(p.title),
      description: text(p.description),
      content: text(p.content),
      category: text((p.category as Json | null)?.slug) || null,
      tags: tagsOf(p.tags),
    })),
  );
}

/** Open WebUI's prompt export: a list of `{ command, name (v0.8+) or title (older), content }`. */
function openWebUiJson(source: string): ImportCandidate[] {
  const data = parseJson(source, 'Open WebUI');
  if (!Array.isArray(data)) throw new UnreadableImport(IMPORT_REFUSALS.notOpenWebUi);
  return candidates(
    objectsOf(data).map((p) => ({
      title: text(p.name) || text(p.title) || text(p.command).replace(/^\//, ''),
      description: '',
      content: text(p.content),
      category: null,
      tags: tagsOf(p.tags),
    })),
  );
}

/**
 * AI Prompt Genius: v5's JSON (a list of `{ title, text, description, folder, tags }`), the old
 * extension's archive (`{ prompts: [...] }`), or v5's CSV (read by position, as its own
 * importer does: title, text, description, folder, tags).
 */
function aiPromptGenius(source: string): ImportCandidate[] {
  const trimmed = source.replace(/^\ufeff/, '').trimStart();
  if (trimmed.startsWith('[') || trimmed.startsWith('{')) {
    const list = promptList(parseJson(trimmed, 'AI Prompt Genius'), IMPORT_REFUSALS.notPromptGenius);
    return candidates(
      objectsOf(list).map((p) => ({
        title: text(p.title),
        description: text(p.description),
        content: text(p.text ?? p.content),
        category: null,
        tags: tagsOf(p.tags),
      })),
    );
  }
  const lines: number[] = [];
  const [, ...rows] = readCsv(source, lines);
  return candidates(
    rows.map((row, i) => ({
      line: lines[i + 1],
      title: row[0] ?? '',
      description: row[2] ?? '',
      content: row[1] ?? '',
      category: null,
      tags: tagsOf(row[4], ';'),
    })),
  );
}

/** AiShort's "my prompts" export (online and offline): `{ prompts: [{ title, prompt, remark?, notes? }] }`; older files keep the body in `description`. */
function aishortJson(source: string): ImportCandidate[] {
  const list = promptList(parseJson(source, 'AiShort'), IMPORT_REFUSALS.notAiShort);
  return candidates(
    objectsOf(list).map((p) => {
      const body = text(p.prompt) || text(p.description);
      return { title: text(p.title), description: text(p.remark) || text(p.notes), content: body, category: null };
    }),
  );
}

/**
 * A front matter value: a double-quoted JSON string (Promptory writes these), a single-quoted
 * YAML string, or plain text (prompts.chat writes names and descriptions unquoted).
 */
function scalar(raw: string): string {
  const value = raw.trim();
  if (value.startsWith('"')) {
    try {
      return String(JSON.parse(value));
    } catch {
      return value.slice(1, -1);
    }
  }
  if (value.startsWith("'") && value.endsWith("'")) return value.slice(1, -1).replaceAll("''", "'");
  return value;
}

/** A Markdown file's YAML front matter (flat `key: value` lines) and the text after it. */
function frontMatter(file: ImportFile): { fields: Map<string, string>; body: string | null; source: string } {
  const source = file.text.replace(/^\ufeff/, '').replace(/\r\n/g, '\n');
  const match = /^---\n([\s\S]*?)\n---\n?([\s\S]*)$/.exec(source);
  const fields = new Map<string, string>();
  for (const line of (match?.[1] ?? '').split('\n')) {
    const field = /^([A-Za-z_]+):(.*)$/.exec(line);
    if (field) fields.set(field[1].toLowerCase(), scalar(field[2]));
  }
  return { fields, body: match ? match[2] : null, source };
}

/** A flow list of front matter (`["a", "b"]`, as Promptory writes tags) or a comma-separated line. */
function frontMatterList(value: string | undefined): string[] {
  if (!value) return [];
  const inside = value.trim().replace(/^\[|\]$/g, '');
  return tagsOf(inside.split(',').map(scalar));
}

/** One Markdown file: YAML front matter (`title` or `name`, `description`, `category`) and the content after it. */
function markdownPrompt(file: ImportFile): Omit<ImportCandidate, 'item'> {
  const { fields, body, source } = frontMatter(file);
  const tags = frontMatterList(fields.get('tags'));
  const name = file.path
    .split('/')
    .pop()!
    .replace(/\.(prompt\.)?md$/i, '');
  return {
    title: fields.get('title') || fields.get('name') || name,
    description: fields.get('description') ?? '',
    content: (body ?? source).replace(/^\n+/, '').replace(/\n+$/, ''),
    category: fields.get('category') || null,
    ...(tags.length ? { tags } : {}),
  };
}

/**
 * A Markdown export (Promptory's zip, its files in path order) or single Markdown files: every
 * `.md` file is a prompt but a Promptory export's README and collection indexes.
 */
export function readMarkdownFiles(files: readonly ImportFile[]): ImportCandidate[] {
  const prompts = files
    .filter((f) => /\.md$/i.test(f.path) && !/(^|\/)README\.md$/i.test(f.path) && !/(^|\/)collections\//.test(f.path))
    .sort((a, b) => a.path.localeCompare(b.path));
  if (prompts.length === 0) throw new UnreadableImport(IMPORT_REFUSALS.noMarkdown);
  return candidates(prompts.map(markdownPrompt));
}

/** A PromptHub prompt's text: its system prompt, when it has one, before the user prompt. */
const promptHubText = (p: Json) => [text(p.systemPrompt), text(p.userPrompt)].filter((part) => part.trim()).join('\n\n');

/**
 * PromptHub's backup or selective export (`{ kind, payload: { prompts, versions } }`; before
 * v0.5.5 the bare payload; the web app's `promptVersions`). Its `{{name}}` and `{{name:default}}`
 * are Promptory's syntax already; its older versions come along, oldest first, and a prompt
 * without a description keeps its notes as one.
 */
function promptHubJson(source: string): ImportCandidate[] {
  const data = parseJson(source, 'PromptHub') as Json;
  const payload = (typeof data?.payload === 'object' && data.payload !== null ? data.payload : data) as Json;
  if (!Array.isArray(payload?.prompts)) throw new UnreadableImport(IMPORT_REFUSALS.notPromptHub);
  const older = new Map<string, Json[]>();
  for (const v of objectsOf(payload.versions ?? payload.promptVersions)) older.set(text(v.promptId), [...(older.get(text(v.promptId)) ?? []), v]);
  return candidates(
    objectsOf(payload.prompts).map((p) => {
      const title = text(p.title);
      const description = text(p.description) || text(p.notes);
      const content = promptHubText(p);
      const before = (older.get(text(p.id)) ?? []).sort((a, b) => Number(a.version) - Number(b.version));
      const versions = before.map((v) => ({ title, description, content: promptHubText(v), category: null, note: text(v.note) || null }));
      return {
        title,
        description,
        content,
        category: null,
        tags: tagsOf(p.tags),
        ...(versions.length ? { versions: [...versions, { title, description, content, category: null, note: null }] } : {}),
      };
    }),
  );
}

/** How a CSV reader reads records: `readCsv`, or records the caller has read already in steps (`readCsvSteps`). */
export type ReadCsv = (source: string, lines: number[]) => string[][];

const READERS: Record<Exclude<ImportFormat, 'markdown'>, (source: string, csv?: ReadCsv) => ImportCandidate[]> = {
  'promptory-json': promptoryJson,
  'prompts-chat-csv': promptsChatCsv,
  'prompts-chat-json': promptsChatJson,
  'open-webui-json': openWebUiJson,
  'ai-prompt-genius': aiPromptGenius,
  'aishort-json': aishortJson,
  'prompthub-json': promptHubJson,
};

/** The prompts in a text file of `format` (a Markdown import goes through readMarkdownFiles). */
export function readImportFile(format: Exclude<ImportFormat, 'markdown'>, source: string, csv?: ReadCsv): ImportCandidate[] {
  return READERS[format](source, csv);
}

/**
 * A collection a Promptory export brings: its prompts by their ids on `site`, the Promptory
 * it came from (a collection holds public prompts only, so on the same site they are there).
 */
export interface ImportedCollection {
  name: string;
  description: string;
  isPublic: boolean;
  site: string;
  /** In the order they were added, oldest first. */
  promptIds: number[];
}

const ids = (values: unknown[]) => values.filter((v): v is number => Number.isInteger(v) && (v as number) > 0);

/** The collections of a Promptory JSON export, oldest first (the export lists the newest first). */
export function readPromptoryCollections(source: string): ImportedCollection[] {
  const data = parseJson(source, 'Promptory') as Json;
  const site = text(data?.site);
  return objectsOf(data?.collections)
    .map((c) => ({
      name: text(c.name),
      description: text(c.description),
      isPublic: c.isPublic === true,
      site,
      promptIds: ids(objectsOf(c.prompts).map((p) => p.promptId)).reverse(),
    }))
    .reverse();
}

/** A line of a collection index that names a prompt on a site: `…(https://site/prompts/12)`. */
const SITE_PROMPT = /\((https?:\/\/[^\s()]+?)\/prompts\/(\d+)\)/;

/** The collection indexes of a Promptory Markdown export (`collections/*.md`), oldest first. */
export function readMarkdownCollections(files: readonly ImportFile[]): ImportedCollection[] {
  return files
    .filter((f) => /(^|\/)collections\/[^/]+\.md$/i.test(f.path))
    .sort((a, b) => b.path.localeCompare(a.path, undefined, { numeric: true }))
    .map((file) => {
      const { fields, body } = frontMatter(file);
      const found = (body ?? '').split('\n').flatMap((line) => {
        const match = SITE_PROMPT.exec(line);
        return match ? [{ site: match[1], promptId: Number(match[2]) }] : [];
      });
      return {
        name: fields.get('name') ?? '',
        description: fields.get('description') ?? '',
        isPublic: fields.get('public') === 'true',
        site: found[0]?.site ?? '',
        promptIds: ids(found.map((f) => f.promptId)).reverse(),
      };
    });
}
