/**
 * CSV as RFC 4180 writes it: fields quoted only when they hold a comma, a quote, a line break
 * or spaces at an edge (quotes doubled), records ended by CRLF. Prompts are multi-line text, so
 * the reader takes line breaks inside quotes, CRLF or LF between records, and a leading BOM.
 *
 * The one CSV writer of every CSV the product writes (exports, the audit log), so each file
 * - starts with a UTF-8 byte order mark: without one, Excel on Windows reads UTF-8 as the
 *   system's code page and garbles Chinese;
 * - never hands a spreadsheet a formula: a field starting with `=`, `+`, `-`, `@`, a tab or a
 *   CR (OWASP's list) is written with a `'` first, which spreadsheets show as text. So that the
 *   reader can take exactly that `'` back off, a field that already starts with quotes before
 *   such a character gets one more: `'=x` is written `''=x`. readCsv(writeCsv(x)) is x.
 */
import { allSteps } from './steps';
const NEEDS_QUOTES = /[",\r\n]|^\s|\s$/;
const FORMULA = /^'*[=+\-@\t\r]/;
const NEUTRALISED = /^'+[=+\-@\t\r]/;
export const BOM = '\ufeff';

export function csvField(value: string): string {
  const safe = FORMULA.test(value) ? `'${value}` : value;
  return NEEDS_QUOTES.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

/** Records as CSV text, each (the last too) ended by CRLF: what follows a file's header (a download written a page at a time). */
export function csvRecords(rows: readonly (readonly string[])[]): string {
  return rows.map((row) => row.map(csvField).join(',') + '\r\n').join('');
}

/** A whole CSV file's start: the byte order mark, the header and rows. */
export function writeCsv(header: readonly string[], rows: readonly (readonly string[])[]): string {
  return BOM + csvRecords([header, ...rows]);
}

/** A field as it was before csvField kept a spreadsheet from running it. */
const unneutralised = (field: string) => (NEUTRALISED.test(field) ? field.slice(1) : field);

const QUOTE = 0x22;
const COMMA = 0x2c;
const LF = 0x0a;
const CR = 0x0d;

/**
 * Every record of `text` as its fields; a blank line between records is skipped. A field is
 * cut from the text in runs between the characters that matter (quotes, commas, line ends),
 * never built a character at a time: a 5 MB import is read in one pass without a string per
 * character. `lines`, when given, receives each record's first line (1-based), so an import can
 * say "Line 12" of a record whose fields span lines.
 */
export function readCsv(text: string, lines?: number[]): string[][] {
  return allSteps(readCsvSteps(text, lines));
}

/** How many records `readCsvSteps` reads between two steps (a few milliseconds of work). */
const CSV_STEP = 2000;

/**
 * `readCsv` in steps: it yields after every `CSV_STEP` records, so a request can let the event
 * loop turn while it reads a large file (20,000 prompts, 12 MB, take about 150 ms to read).
 */
export function* readCsvSteps(text: string, lines?: number[]): Generator<void, string[][]> {
  const records: string[][] = [];
  let record: string[] = [];
  let parts: string[] = [];
  let quoted = false;
  let line = 1;
  let recordLine = 1;
  let i = text.charCodeAt(0) === 0xfeff ? 1 : 0;
  let start = i;
  const take = (end: number) => {
    if (end > start) parts.push(text.slice(start, end));
  };
  const endField = () => {
    record.push(unneutralised(parts.length === 1 ? parts[0] : parts.join('')));
    parts = [];
  };
  const endRecord = () => {
    endField();
    if (record.length > 1 || record[0] !== '') {
      records.push(record);
      lines?.push(recordLine);
    }
    record = [];
    recordLine = line;
  };
  for (; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (quoted) {
      if (c !== QUOTE) {
        if (c === LF) line++;
        continue;
      }
      take(i);
      // A doubled quote is one quote of the text; a single one closes the quoted part.
      if (text.charCodeAt(i + 1) === QUOTE) {
        parts.push('"');
        i++;
      } else quoted = false;
      start = i + 1;
    } else if (c === QUOTE || c === COMMA || c === LF || c === CR) {
      take(i);
      start = i + 1;
      if (c === QUOTE) quoted = true;
      else if (c === COMMA) endField();
      // A CR ends a record on its own; before an LF it is dropped and the LF ends it.
      else if (c === LF || text.charCodeAt(i + 1) !== LF) {
        line++;
        endRecord();
        if (records.length % CSV_STEP === 0) yield;
      }
    }
  }
  take(text.length);
  if (parts.length > 0 || record.length > 0) endRecord();
  return records;
}
