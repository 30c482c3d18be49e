import { gunzipSync } from 'node:zlib';
import { IMPORT_LIMITS, IMPORT_REFUSALS, UnreadableImport, type FileEncoding, type ImportFormat, type NotPromptFile } from '../../../modules/portability';

/**
 * A dropped file as its bytes: what it is (an image, a zip, text), how its text is encoded, and
 * which tool's export it is. Real files come from Excel in Hong Kong, Taiwan and mainland China
 * (Big5 / CP950, GB18030, UTF-16 with a BOM) as often as UTF-8, so the server decodes them rather
 * than trusting a browser's guess.
 */

/** A file's text with the encoding it was read in, or a zip's bytes (a Markdown export). */
export type DecodedFile = { kind: 'text'; text: string; encoding: FileEncoding } | { kind: 'zip'; bytes: Buffer };

const startsWith = (bytes: Uint8Array, ...signature: number[]) => signature.every((b, i) => bytes[i] === b);
const ascii = (bytes: Uint8Array, at: number, text: string) => [...text].every((c, i) => bytes[at + i] === c.charCodeAt(0));

/** What a file that is no prompt file is, from its first bytes (null: it may be one). */
export function notPromptFile(bytes: Uint8Array): NotPromptFile | null {
  if (startsWith(bytes, 0x89, 0x50, 0x4e, 0x47)) return 'png';
  if (startsWith(bytes, 0xff, 0xd8, 0xff)) return 'jpeg';
  if (ascii(bytes, 0, 'GIF8')) return 'gif';
  if (ascii(bytes, 0, 'RIFF') && ascii(bytes, 8, 'WEBP')) return 'webp';
  if (ascii(bytes, 0, '%PDF')) return 'pdf';
  // Excel's and Word's own files: a zip holding xl/ or word/ (checked by the zip reader), or the old binary format.
  if (startsWith(bytes, 0xd0, 0xcf, 0x11, 0xe0)) return 'office';
  return null;
}

const ZIP = [0x50, 0x4b, 0x03, 0x04];
const GZIP = [0x1f, 0x8b];

/**
 * Characters that fill ordinary Chinese text in either script: the right decoding of a Big5 or
 * GB18030 file shows many of them, the wrong one (the same bytes read in the other table) almost none.
 */
const COMMON_HAN = new Set(
  '的一是不了人我在有他这這个個们們中来來上大为為和国國地到以说說时時要就出会會可也你对對生能而子那得于於着著下自之年过過发發后後作里裡用道行所然家种種事成方多经經么麼去法学學如都同现現当當没沒动動面起看定天分还還进進好小部其些主样樣理心她本前开開但因只从從想实實請请寫写與与問问題题',
);

function hanScore(text: string): number {
  let score = 0;
  for (const c of text) if (COMMON_HAN.has(c)) score++;
  return score;
}

const decoder = (encoding: string) => new TextDecoder(encoding, { fatal: true });

function tryDecode(encoding: string, bytes: Uint8Array): string | null {
  try {
    return decoder(encoding).decode(bytes);
  } catch {
    return null;
  }
}

/**
 * UTF-16 without a byte order mark: text has no NUL, but UTF-16 puts a zero byte beside every
 * ASCII character (after it little-endian, before it big-endian).
 */
function utf16Without(bytes: Uint8Array): 'utf-16le' | 'utf-16be' | null {
  const sample = bytes.subarray(0, 4096);
  let evenZeros = 0;
  let oddZeros = 0;
  for (let i = 0; i + 1 < sample.length; i += 2) {
    if (sample[i] === 0) evenZeros++;
    if (sample[i + 1] === 0) oddZeros++;
  }
  if (evenZeros + oddZeros === 0 || bytes.length % 2 !== 0) return null;
  return oddZeros >= evenZeros ? 'utf-16le' : 'utf-16be';
}

/** A file's text: UTF-8 (with or without a BOM), UTF-16 (with a BOM, or plainly so), else Big5 or GB18030, whichever reads as Chinese. */
export function decodeText(bytes: Uint8Array): { text: string; encoding: FileEncoding } {
  if (startsWith(bytes, 0xef, 0xbb, 0xbf)) return { text: new TextDecoder('utf-8').decode(bytes.subarray(3)), encoding: 'utf-8-bom' };
  if (startsWith(bytes, 0xff, 0xfe)) return { text: new TextDecoder('utf-16le').decode(bytes.subarray(2)), encoding: 'utf-16le' };
  if (startsWith(bytes, 0xfe, 0xff)) return { text: new TextDecoder('utf-16be').decode(bytes.subarray(2)), encoding: 'utf-16be' };
  const wide = utf16Without(bytes);
  const wideText = wide && tryDecode(wide, bytes);
  if (wide && wideText !== null) return { text: wideText, encoding: wide };
  const utf8 = tryDecode('utf-8', bytes);
  if (utf8 !== null) return { text: utf8, encoding: 'utf-8' };
  const big5 = tryDecode('big5', bytes);
  const gb = tryDecode('gb18030', bytes);
  if (big5 !== null && (gb === null || hanScore(big5) > hanScore(gb))) return { text: big5, encoding: 'big5' };
  if (gb !== null) return { text: gb, encoding: 'gb18030' };
  throw new UnreadableImport(IMPORT_REFUSALS.notText);
}

/** The file's bytes, unpacked when gzipped (PromptHub's `.phub.gz`), bounded as a zip is. */
function gunzipped(bytes: Buffer): Buffer {
  try {
    return gunzipSync(bytes, { maxOutputLength: IMPORT_LIMITS.bytes });
  } catch {
    throw new UnreadableImport(IMPORT_REFUSALS.zipTooBig({ megabytes: IMPORT_LIMITS.bytes / 1024 / 1024 }));
  }
}

/** What a dropped file is: a zip, or text in the encoding it was saved in; anything else is refused, saying what it is. */
export function decodeFile(input: Buffer): DecodedFile {
  const kind = notPromptFile(input);
  if (kind) throw new UnreadableImport(IMPORT_REFUSALS[kind]);
  if (startsWith(input, ...ZIP)) return { kind: 'zip', bytes: input };
  const bytes = startsWith(input, ...GZIP) ? gunzipped(input) : input;
  const { text, encoding } = decodeText(bytes);
  // Text has no NUL; a file with them is some program's own binary format.
  if (text.includes('\u0000')) throw new UnreadableImport(IMPORT_REFUSALS.notText);
  return { kind: 'text', text, encoding };
}

type Json = Record<string, unknown>;
const first = (list: unknown): Json => (Array.isArray(list) && typeof list[0] === 'object' && list[0] !== null ? (list[0] as Json) : {});

/** Which tool's export a JSON document is, from its shape. */
function jsonFormat(data: unknown): ImportFormat | null {
  if (Array.isArray(data)) {
    const item = first(data);
    if ('command' in item) return 'open-webui-json';
    if ('text' in item) return 'ai-prompt-genius';
    if ('prompt' in item) return 'aishort-json';
    if ('content' in item) return 'prompts-chat-json';
    return null;
  }
  if (typeof data !== 'object' || data === null) return null;
  const object = data as Json;
  if (object.format === 'promptory-export') return 'promptory-json';
  if (String(object.kind ?? '').startsWith('prompthub') || (typeof object.payload === 'object' && object.payload !== null)) return 'prompthub-json';
  const item = first(object.prompts);
  if ('userPrompt' in item) return 'prompthub-json';
  if ('prompt' in item || 'remark' in item) return 'aishort-json';
  if ('text' in item) return 'ai-prompt-genius';
  if ('content' in item) return 'prompts-chat-json';
  return null;
}

/** The first line of a CSV file, its header, as lower-case names. */
const csvHeader = (text: string) =>
  (text.replace(/^\ufeff/, '').split(/\r?\n/, 1)[0] ?? '').split(',').map((h) => h.trim().replace(/^"|"$/g, '').toLowerCase());

/** Which format a file is in, from what it holds: no menu needed (the menu stays to override it). */
export function detectFormat(file: DecodedFile): ImportFormat {
  if (file.kind === 'zip') return 'markdown';
  const text = file.text.replace(/^\ufeff/, '').trimStart();
  if (text.startsWith('{') || text.startsWith('[')) {
    let data: unknown;
    try {
      data = JSON.parse(text);
    } catch {
      throw new UnreadableImport(IMPORT_REFUSALS.badJson);
    }
    const format = jsonFormat(data);
    if (!format) throw new UnreadableImport(IMPORT_REFUSALS.unknownJson);
    return format;
  }
  if (text.startsWith('---')) return 'markdown';
  const header = csvHeader(text);
  if (header.includes('act') && header.includes('prompt')) return 'prompts-chat-csv';
  if (header.length >= 2 && header.includes('title')) return 'ai-prompt-genius';
  return 'markdown';
}
