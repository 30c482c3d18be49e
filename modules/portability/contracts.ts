import { z } from 'zod';
import { numbered, refusals } from '../../events/refusals';

/**
 * A person's data leaving Promptory (GET /api/me/export): the Promptory format (`json`), one
 * Markdown file per own prompt in a zip (`markdown`), or the `act,prompt` CSV that prompts.chat
 * and the awesome-chatgpt-prompts lists read (`csv`). The JSON format's schema is this file's
 * `promptoryExport`; docs/data-format.md describes it and holds its JSON Schema (generated).
 */
export const EXPORT_FORMATS = ['json', 'markdown', 'csv'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

export const exportQuery = z.object({ format: z.enum(EXPORT_FORMATS).default('json') });

/** One prompt's download (GET /api/prompts/{id}/download): a Markdown file with front matter, the export's JSON of one prompt, or its text alone. */
export const PROMPT_DOWNLOAD_FORMATS = ['markdown', 'json', 'text'] as const;
export type PromptDownloadFormat = (typeof PROMPT_DOWNLOAD_FORMATS)[number];
export const promptDownloadQuery = z.object({ format: z.enum(PROMPT_DOWNLOAD_FORMATS).default('markdown') });

/** What a refusal says when one account downloads or imports its data too often (the `data` rate limit). */
export const DATA_MESSAGES = {
  tooMany: 'You have downloaded or imported your data many times in a short while. Please wait a while and try again.',
} as const;

/** The `format` field of a Promptory export: a reader checks it before anything else. */
export const PROMPTORY_FORMAT = 'promptory-export';
/** Raised when a field changes meaning or goes; new optional fields keep the version. */
export const PROMPTORY_FORMAT_VERSION = 1;

const isoTime = z.iso.datetime({ offset: true });
const promptId = z.number().int().positive();

/** Where a prompt stands (the prompts module's statuses, repeated here: a contract names no other module). */
const exportedStatus = z.enum(['private', 'pending', 'approved', 'rejected', 'withdrawn']);

const exportedVariable = z.object({
  name: z.string(),
  default: z.string().optional(),
  options: z.array(z.string()).optional(),
});

export const exportedVersion = z.object({
  version: z.number().int().positive(),
  title: z.string(),
  description: z.string(),
  content: z.string(),
  /** The category's slug (`writing`, `coding`, …; `unknown` when none). */
  category: z.string(),
  note: z.string().nullable(),
  at: isoTime,
  status: z.string(),
});

export const exportedPrompt = z.object({
  id: promptId,
  title: z.string(),
  description: z.string(),
  content: z.string(),
  category: z.string(),
  /** `private`: its author's alone; `public`: submitted to the community (see `status`). */
  visibility: z.enum(['private', 'public']),
  status: exportedStatus,
  authorName: z.string(),
  createdAt: isoTime,
  /** The fill-in variables of its content, in order of first appearance. */
  variables: z.array(exportedVariable),
  /** Its owner's tags, in their order (files exported before tags have none). */
  tags: z.array(z.string()).default([]),
  /** Every version, oldest first (the last is the current one). */
  versions: z.array(exportedVersion),
});

/** A prompt someone else wrote, as a bookmark, rating, history entry or collection names it. */
const promptRef = z.object({ promptId, title: z.string().nullable() });

export const promptoryExport = z.object({
  format: z.literal(PROMPTORY_FORMAT),
  formatVersion: z.literal(PROMPTORY_FORMAT_VERSION),
  exportedAt: isoTime,
  /** Where it came from: links in it are relative to this origin. */
  site: z.string(),
  profile: z.object({
    name: z.string(),
    username: z.string().nullable(),
    email: z.string(),
    avatarUrl: z.string().nullable(),
    createdAt: isoTime,
  }),
  prompts: z.array(exportedPrompt),
  bookmarks: z.array(promptRef.extend({ savedAt: isoTime })),
  collections: z.array(
    z.object({
      name: z.string(),
      description: z.string().nullable(),
      isPublic: z.boolean(),
      createdAt: isoTime,
      /** Most recently added first. */
      prompts: z.array(promptRef.extend({ addedAt: isoTime })),
    }),
  ),
  ratings: z.array(promptRef.extend({ helpful: z.boolean(), ratedAt: isoTime })),
  /** Newest first. `filledContent`: the text copied; `values`: the fill-in values it was filled with. */
  history: z.array(
    promptRef.extend({
      usedAt: isoTime,
      filledContent: z.string().nullable(),
      values: z.record(z.string(), z.string()).nullable(),
    }),
  ),
  /** The fill-in values the site offers again, per variable name, most recent first. */
  rememberedValues: z.record(z.string(), z.array(z.string())),
});

export type PromptoryExport = z.infer<typeof promptoryExport>;
export type ExportedPrompt = z.infer<typeof exportedPrompt>;

/**
 * What POST /api/me/import reads: Promptory's own export, and the exports of the prompt tools
 * people come from (readers: import-formats.ts). `markdown` is a Promptory Markdown zip (as
 * base64) or one Markdown file with front matter.
 */
export const IMPORT_FORMATS = [
  'promptory-json',
  'prompts-chat-csv',
  'prompts-chat-json',
  'open-webui-json',
  'ai-prompt-genius',
  'aishort-json',
  'prompthub-json',
  'markdown',
] as const;
export type ImportFormat = (typeof IMPORT_FORMATS)[number];

/**
 * One import: its body (this route only: every other takes 64 KB), and what one file may bring:
 * prompts, versions of one prompt, collections, prompts in one collection (far past any real
 * library: they bound what one request costs). A zip (a Markdown export) holds at most
 * `zipFiles` files and `bytes` once unpacked, at most `zipRatio` times its own size.
 */
export const IMPORT_LIMITS = {
  bytes: 20 * 1024 * 1024,
  prompts: 20_000,
  versions: 2000,
  collections: 200,
  collectionPrompts: 1000,
  // A Markdown export of the most prompts one import brings: a file each, and the collections' indexes.
  zipFiles: 20_000 + 200 + 10,
  zipRatio: 100,
} as const;

const mb = IMPORT_LIMITS.bytes / 1024 / 1024;

export const IMPORT_MESSAGES = {
  tooMany: `One import brings at most ${IMPORT_LIMITS.prompts} prompts. Please split the file.`,
  empty: 'There are no prompts in this file.',
  tooManyVersions: `A prompt in this file has more than ${IMPORT_LIMITS.versions} versions, the most one import brings of a prompt.`,
  tooManyCollections: `One import brings at most ${IMPORT_LIMITS.collections} collections. Please split the file.`,
  collectionTooBig: `A collection in this file holds more than ${IMPORT_LIMITS.collectionPrompts} prompts, the most one import brings in a collection.`,
  zipTooBig: `This zip unpacks to more than ${mb} MB (or is packed far more tightly than text). Please import a smaller one.`,
  zipTooManyFiles: `This zip holds more than ${IMPORT_LIMITS.zipFiles} files. Please split it.`,
  zipNested: 'This zip holds another archive. Please unpack that one and import its Markdown files.',
} as const;

/** What an import refuses whole, by code (texts in `refusals:imports.*`): the answer's issue is on `content`. */
export const IMPORT_REFUSALS = refusals('imports', {
  empty: { kind: 'invalid', text: IMPORT_MESSAGES.empty },
  tooMany: numbered('invalid', 'One import brings at most {{limit}} prompts. Please split the file.'),
  tooManyVersions: numbered('invalid', 'A prompt in this file has more than {{limit}} versions, the most one import brings of a prompt.'),
  tooManyCollections: numbered('invalid', 'One import brings at most {{limit}} collections. Please split the file.'),
  collectionTooBig: numbered('invalid', 'A collection in this file holds more than {{limit}} prompts, the most one import brings in a collection.'),
  zipUnreadable: { kind: 'invalid', text: 'This zip cannot be opened.' },
  zipTooBig: numbered(
    'invalid',
    'This zip unpacks to more than {{megabytes}} MB (or is packed far more tightly than text). Please import a smaller one.',
    'megabytes',
  ),
  zipTooManyFiles: numbered('invalid', 'This zip holds more than {{limit}} files. Please split it.'),
  zipNested: { kind: 'invalid', text: IMPORT_MESSAGES.zipNested },
  notJson: { kind: 'invalid', text: 'This file is not valid JSON, so it cannot be a {{format}} export.', values: { format: 'string' } },
  notPromptory: { kind: 'invalid', text: 'This is not a Promptory export: its "format" is not "promptory-export".' },
  noCsvColumns: { kind: 'invalid', text: 'This CSV has no "act" and "prompt" columns.' },
  notPromptsChat: { kind: 'invalid', text: 'This is not a prompts.chat export: it has no "prompts" list.' },
  notOpenWebUi: { kind: 'invalid', text: 'This is not an Open WebUI prompt export: it is not a list of prompts.' },
  notPromptGenius: { kind: 'invalid', text: 'This is not an AI Prompt Genius export: it has no list of prompts.' },
  notAiShort: { kind: 'invalid', text: 'This is not an AiShort export: it has no "prompts" list.' },
  noMarkdown: { kind: 'invalid', text: 'There is no Markdown (.md) file in it.' },
  notPromptHub: { kind: 'invalid', text: 'This is not a PromptHub backup: it has no "prompts" list.' },
  // A dropped file that is no prompt file says what it is (src/server/portability/import-bytes.ts).
  png: { kind: 'invalid', text: 'This is a PNG image, not a prompt file.' },
  jpeg: { kind: 'invalid', text: 'This is a JPEG image, not a prompt file.' },
  gif: { kind: 'invalid', text: 'This is a GIF image, not a prompt file.' },
  webp: { kind: 'invalid', text: 'This is a WebP image, not a prompt file.' },
  pdf: { kind: 'invalid', text: 'This is a PDF document, not a prompt file.' },
  office: { kind: 'invalid', text: 'This is an Excel or Word file, not a prompt file. Please save it as CSV (UTF-8) and import that.' },
  notText: { kind: 'invalid', text: 'This file is not text, so it cannot be a prompt file.' },
  badJson: { kind: 'invalid', text: 'This file is not valid JSON, so it cannot be a prompt export.' },
  unknownJson: { kind: 'invalid', text: 'This JSON file is not an export of a prompt tool Promptory reads.' },
  tooLarge: numbered('invalid', 'One import takes a file of at most {{megabytes}} MB. Please split the file.', 'megabytes'),
  // Another person's import, one long over or one never started answer alike.
  noProgress: { kind: 'not_found', text: 'No import of yours is running under this id.' },
});

/** What a dropped file that is no prompt file is, by its first bytes: the refusal names it. */
export const NOT_A_PROMPT_FILE = ['png', 'jpeg', 'gif', 'webp', 'pdf', 'office'] as const;
export type NotPromptFile = (typeof NOT_A_PROMPT_FILE)[number];

/** The text encodings a file is read in (the server tells them apart from the bytes). */
export const FILE_ENCODINGS = ['utf-8', 'utf-8-bom', 'utf-16le', 'utf-16be', 'big5', 'gb18030'] as const;
export type FileEncoding = (typeof FILE_ENCODINGS)[number];

/** Sent both or neither: the file goes either as its bytes or as its text. */
export const IMPORT_ONE_OF = 'Please send the file either as its bytes or as its text, not both.';

/** A file's bytes as base64 may be a third longer than the file, and the JSON around them. */
export const IMPORT_BODY_BYTES = Math.ceil((IMPORT_LIMITS.bytes * 4) / 3) + 64 * 1024;

/**
 * What names one import while it runs, chosen by the client before it sends the file, so the page
 * can ask how far the saving is (GET /api/me/imports/{importId}/progress): letters, digits, `-`
 * and `_`, 8 to 64 of them (a UUID fits).
 */
export const importIdParam = z.string().regex(/^[A-Za-z0-9_-]{8,64}$/, 'An import id is 8 to 64 letters, digits, "-" or "_".');

/** How far one running import's saving is: prompts saved of those it saves; `done` once it has ended (saved, refused or failed). */
export interface ImportProgress {
  saved: number;
  total: number;
  done: boolean;
}

/**
 * One import: the file as its bytes (base64: the server tells its format and encoding apart) or,
 * as before, as text (a zip: base64) with its format. `format` is an override: absent, the server
 * detects it.
 */
/**
 * Base64 with its padding, in one pass of a character class: zod's own base64 pattern took
 * 50-90 ms over a 20 MB file's 27 MB, a stretch in which no other request was answered.
 */
const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

export const importRequest = z
  .object({
    format: z.enum(IMPORT_FORMATS).optional(),
    /** The file's text (a zip: its bytes as base64). */
    content: z.string().min(1, IMPORT_MESSAGES.empty).optional(),
    /** The file's bytes as they are, base64. */
    bytes: z
      .string()
      .min(1, IMPORT_MESSAGES.empty)
      .refine((text) => text.length % 4 === 0 && BASE64.test(text), IMPORT_MESSAGES.empty)
      .meta({ format: 'base64', contentEncoding: 'base64' })
      .optional(),
    /** The client's name for this import: its saving's progress is then readable while it runs. */
    importId: importIdParam.optional(),
  })
  .refine((r) => (r.content === undefined) !== (r.bytes === undefined), { message: IMPORT_ONE_OF, path: ['bytes'] });

/** `?dryRun=1`: answer the preview and change nothing. */
export const importQuery = z.object({
  dryRun: z
    .enum(['0', '1', 'true', 'false'])
    .optional()
    .transform((v) => v === '1' || v === 'true'),
});

/** What became of one prompt of the file: `new` (imported, or would be), a `duplicate` of one the user has (skipped), or `invalid` (why, per field). */
export interface ImportItemView {
  /** Its 1-based place in the file. */
  item: number;
  title: string;
  outcome: 'new' | 'duplicate' | 'invalid';
  issues: { path: (string | number)[]; message: string; code?: string; limit?: number }[];
  /** Its fill-in variables after the conversion of other tools' placeholders. */
  variables: string[];
  /** How many of other tools' placeholders became variables. */
  converted: number;
  /** The prompt it became (an import that ran; null in a preview or when skipped). */
  promptId: number | null;
  /** The line of the file it starts on, when the file has lines that matter (a CSV record). */
  line?: number;
  /** Its title as the file has it, when that was longer than a title may be: shortened at a word, kept whole in the description. */
  fullTitle?: string;
  /** The tags the file gives it, as written there (saved normalised, within the tag limits). */
  tags?: string[];
}

export interface ImportPreview {
  /** The format it was read as: the one asked for, or the one detected. */
  format: ImportFormat;
  /** How its text was decoded (null: a zip, or text sent as text). */
  encoding: FileEncoding | null;
  /** The start of the decoded text, so a person sees it was read right (empty for a zip). */
  sample: string;
  counts: { new: number; duplicate: number; invalid: number };
  /** The collections it makes (a Promptory export's, from this site: their prompts are public here). */
  collections: number;
  items: ImportItemView[];
}

/** An import that ran: its batch (DELETE /api/me/imports/{batchId} undoes exactly it). */
export interface ImportResult extends ImportPreview {
  batchId: number | null;
}
