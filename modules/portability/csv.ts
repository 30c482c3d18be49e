/**
 * CSV as RFC 4180 writes it: fields quoted only when they hold a comma, a quote, a line break
 * or spaces at an edge (quotes doubled), records ended by CRLF. Prompts are multi-line text, so
 * the reader takes line breaks inside quotes, CRLF or LF between records, and a leading BOM.
 */
const NEEDS_QUOTES = /[",\r\n]|^\s|\s$/;

export function csvField(value: string): string {
  return NEEDS_QUOTES.test(value) ? `"${value.replaceAll('"', '""')}"` : value;
}

/** The header and rows as CSV text, each record (the last too) ended by CRLF. */
export function writeCsv(header: readonly string[], rows: readonly (readonly string[])[]): string {
  return [header, ...rows].map((row) => row.map(csvField).join(',') + '\r\n').join('');
}

const QUOTE = 0x22;
const COMMA = 0x2c;
const LF = 0x0a;
const CR = 0x0d;

/**
 * Every record of `text` as its fields; a blank line between records is skipped. A field is
 * cut from the text in runs between the characters that matter (quotes, commas, line ends),
 * never built a character at a time: a 5 MB import is read in one pass without a string per
 * character.
 */
export function readCsv(text: string): string[][] {
  const records: string[][] = [];
  let record: string[] = [];
  let parts: string[] = [];
  let quoted = false;
  let i = text.charCodeAt(0) === 0xfeff ? 1 : 0;
  let start = i;
  const take = (end: number) => {
    if (end > start) parts.push(text.slice(start, end));
  };
  const endField = () => {
    record.push(parts.length === 1 ? parts[0] : parts.join(''));
    parts = [];
  };
  const endRecord = () => {
    endField();
    if (record.length > 1 || record[0] !== '') records.push(record);
    record = [];
  };
  for (; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (quoted) {
      if (c !== QUOTE) continue;
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
      else if (c === LF || text.charCodeAt(i + 1) !== LF) endRecord();
    }
  }
  take(text.length);
  if (parts.length > 0 || record.length > 0) endRecord();
  return records;
}
