/**
 * The head of a CSV file, read in the browser: only its first bytes (a slice of the File), never
 * the whole file, which the upload streams to the server as it is. Enough for the header row and
 * a few sample rows, to guess and show each column's mapping.
 */

/** Bytes read from the start of a file: a header and a few rows of any sensible CSV. */
export const HEAD_BYTES = 64 * 1024;
const SAMPLE_ROWS = 3;

export interface CsvHead {
  readonly headers: string[];
  /** Up to three data rows, cells by column index. */
  readonly samples: string[][];
  readonly delimiter: ',' | ';' | '\t';
}

/** The delimiter of the header row, as the server picks it: the most frequent of tab, comma, semicolon outside quotes. */
export function headerDelimiter(text: string): CsvHead['delimiter'] {
  const counts = { ',': 0, ';': 0, '\t': 0 };
  let quoted = false;
  for (const char of text) {
    if (char === '"') quoted = !quoted;
    else if (!quoted && (char === '\n' || char === '\r')) break;
    else if (!quoted && char in counts) counts[char as keyof typeof counts] += 1;
  }
  if (counts['\t'] > counts[','] && counts['\t'] >= counts[';']) return '\t';
  return counts[';'] > counts[','] ? ';' : ',';
}

/**
 * Why: RFC 4180 records (quotes, doubled quotes, CRLF / LF / CR, blank lines skipped) from the
 * head of a file; a record cut off by the end of the slice is dropped.
 */
export function parseCsvHead(raw: string, complete: boolean, maxRecords = 1 + SAMPLE_ROWS): CsvHead {
  const text = raw.startsWith('\uFEFF') ? raw.slice(1) : raw;
  const delimiter = headerDelimiter(text);
  const records: string[][] = [];
  let record: string[] = [];
  let cell = '';
  let quoted = false;
  let index = 0;
  const endRecord = () => {
    record.push(cell);
    cell = '';
    if (record.length > 1 || record[0] !== '') records.push(record);
    record = [];
  };
  for (; index < text.length && records.length < maxRecords; index += 1) {
    const char = text.charAt(index);
    if (quoted) {
      if (char === '"' && text[index + 1] === '"') {
        cell += '"';
        index += 1;
      } else if (char === '"') quoted = false;
      else cell += char;
    } else if (char === '"') quoted = true;
    else if (char === delimiter) {
      record.push(cell);
      cell = '';
    } else if (char === '\r' || char === '\n') {
      if (char === '\r' && text[index + 1] === '\n') index += 1;
      endRecord();
    } else cell += char;
  }
  if (complete && index >= text.length && (cell !== '' || record.length > 0) && records.length < maxRecords)
    endRecord();
  const [headers = [], ...samples] = records;
  return { headers: headers.map((header) => header.trim()), samples, delimiter };
}

/** Reads the head of `file` (its first 64 KB, not the whole file). */
export async function readCsvHead(file: Blob): Promise<CsvHead> {
  const complete = file.size <= HEAD_BYTES;
  const text = await file.slice(0, HEAD_BYTES).text();
  return parseCsvHead(text, complete);
}
