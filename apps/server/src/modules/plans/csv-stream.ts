import { PLAN_LIMITS } from '@fleetdeck/shared/plan-contract';
import { AppError, appErrors } from '../../errors/app-error.ts';

/**
 * An uploaded CSV read as it streams in, one record at a time, never held whole: RFC 4180 quoting
 * (commas, line breaks and doubled quotes inside quoted cells), a byte-order mark, CRLF, LF or CR
 * line ends, and blank rows skipped but counted, so row numbers are the ones a spreadsheet shows
 * (the header is row 1). The delimiter is the header row's: a tab, else a comma, else a semicolon.
 * Every bound (bytes, rows, columns, cell and row length) is checked as the text arrives and
 * answered with a 400 that names the row and the column.
 */

export interface CsvRecord {
  /** 1 for the header row; blank rows count. */
  readonly row: number;
  readonly cells: readonly string[];
}

export interface CsvLimits {
  readonly bytes: number;
  /** Data rows, the header row aside. */
  readonly rows: number;
  readonly columns: number;
  readonly cellChars: number;
  readonly rowChars: number;
}

export const CSV_UPLOAD_LIMITS: CsvLimits = {
  bytes: PLAN_LIMITS.csvBytes,
  rows: PLAN_LIMITS.csvRows,
  columns: PLAN_LIMITS.csvColumns,
  cellChars: PLAN_LIMITS.csvCellChars,
  rowChars: PLAN_LIMITS.csvRowChars,
};

/** "A", "B", … "Z", "AA": the column letters a spreadsheet shows. */
export function columnLetters(index: number): string {
  let n = index + 1;
  let letters = '';
  while (n > 0) {
    const rest = (n - 1) % 26;
    letters = String.fromCharCode(65 + rest) + letters;
    n = Math.floor((n - 1) / 26);
  }
  return letters;
}

const QUOTE = 0x22;
const CR = 0x0d;
const LF = 0x0a;
const SPACE = 0x20;
const TAB = 0x09;

/** Why: a parser that holds only the record being read, fed chunk by chunk. */
class CsvReader {
  private delimiter = -1;
  private headerText = '';
  private cells: string[] = [];
  private cell = '';
  /** 0: at a cell's start; 1: in an unquoted cell; 2: in quotes; 3: after a closing quote. */
  private mode = 0;
  private quotedRecord = false;
  private row = 1;
  private dataRows = 0;
  private rowChars = 0;
  private skipLf = false;
  private header: readonly string[] = [];
  private readonly out: CsvRecord[] = [];
  private readonly limits: CsvLimits;

  constructor(limits: CsvLimits) {
    this.limits = limits;
  }

  /** Records completed by this piece of text. */
  push(text: string): CsvRecord[] {
    if (this.delimiter < 0) {
      this.headerText += text;
      const end = this.headerText.search(/[\r\n]/);
      if (end < 0 && this.headerText.length < this.limits.rowChars) return [];
      this.delimiter = chooseDelimiter(end < 0 ? this.headerText : this.headerText.slice(0, end));
      text = this.headerText;
      this.headerText = '';
    }
    this.scan(text);
    return this.out.splice(0);
  }

  /** The last record, at the end of the text. */
  end(): CsvRecord[] {
    if (this.delimiter < 0) this.push('\n');
    if (this.mode === 2) this.fail('a quoted cell is never closed: a closing " is missing');
    if (this.mode !== 0 || this.cell !== '' || this.cells.length > 0) {
      this.endCell();
      this.endRecord();
    }
    return this.out.splice(0);
  }

  private scan(text: string): void {
    let start = 0;
    const flush = (to: number) => {
      if (to > start) this.append(text.slice(start, to));
    };
    for (let i = 0; i < text.length; i++) {
      const ch = text.charCodeAt(i);
      if (this.skipLf) {
        this.skipLf = false;
        if (ch === LF) {
          start = i + 1;
          continue;
        }
      }
      if (this.mode === 2) {
        if (ch !== QUOTE) continue;
        flush(i);
        start = i + 1;
        if (text.charCodeAt(i + 1) === QUOTE) {
          this.append('"');
          start = i + 2;
          i++;
        } else if (i + 1 === text.length) {
          // A quote at the end of a chunk: doubled or closing is decided by the next chunk.
          this.mode = 4;
        } else this.mode = 3;
        continue;
      }
      if (this.mode === 4) {
        this.mode = ch === QUOTE ? 2 : 3;
        if (ch === QUOTE) {
          this.append('"');
          start = i + 1;
          continue;
        }
      }
      if (ch === this.delimiter || ch === CR || ch === LF) {
        flush(i);
        start = i + 1;
        this.endCell();
        if (ch !== this.delimiter) {
          this.endRecord();
          this.skipLf = ch === CR;
        }
        continue;
      }
      if (this.mode === 3) {
        if (ch !== SPACE && ch !== TAB)
          this.fail('characters follow a closing quote; write a quote inside a quoted cell twice ("")');
        start = i + 1;
        continue;
      }
      if (this.mode === 0) {
        if (ch === QUOTE) {
          this.cell = '';
          this.mode = 2;
          this.quotedRecord = true;
          start = i + 1;
        } else if (ch !== SPACE && ch !== TAB) this.mode = 1;
      }
    }
    if (this.mode !== 3 && this.mode !== 4) flush(text.length);
  }

  private append(piece: string): void {
    if (this.mode === 0 && piece.trim() !== '') this.mode = 1;
    this.cell += piece;
    this.rowChars += piece.length;
    if (this.cell.length > this.limits.cellChars)
      this.fail(`the cell holds more than ${this.limits.cellChars.toLocaleString('en-US')} characters`);
    if (this.rowChars > this.limits.rowChars)
      this.fail(`the row holds more than ${this.limits.rowChars.toLocaleString('en-US')} characters`, false);
  }

  private endCell(): void {
    this.cells.push(this.cell);
    this.cell = '';
    this.mode = 0;
    if (this.cells.length > this.limits.columns)
      this.fail(`the row has more than ${this.limits.columns} columns`, false);
  }

  private endRecord(): void {
    const cells = this.cells;
    this.cells = [];
    this.rowChars = 0;
    const blank = !this.quotedRecord && cells.every((cell) => cell.trim() === '');
    this.quotedRecord = false;
    const row = this.row;
    this.row++;
    if (blank && row > 1) return;
    if (row === 1) this.header = cells;
    else if (++this.dataRows > this.limits.rows)
      throw appErrors.invalidRequest(
        `Row ${row}: the file has more than ${this.limits.rows.toLocaleString('en-US')} rows of devices. Split it into files of at most ${this.limits.rows.toLocaleString('en-US')} rows.`,
        { row },
      );
    this.out.push({ row, cells });
  }

  private fail(problem: string, withColumn = true): never {
    const index = this.cells.length;
    const name = this.header[index]?.trim();
    const column = withColumn
      ? `, column ${columnLetters(index)}${name ? ` ("${name.slice(0, 60)}")` : ''}`
      : '';
    throw appErrors.invalidRequest(
      `Row ${this.row}${column}: ${problem}. Fix the file and upload it again.`,
      withColumn ? { row: this.row, column: index + 1 } : { row: this.row },
    );
  }
}

function chooseDelimiter(headerLine: string): number {
  if (headerLine.includes('\t')) return TAB;
  if (headerLine.includes(',')) return 0x2c;
  if (headerLine.includes(';')) return 0x3b;
  return 0x2c;
}

/**
 * Why: the server never holds an upload whole; records come out as the bytes arrive, each bound
 * checked on the way. UTF-8 only (a byte-order mark is dropped); anything else is a 400.
 */
export async function* readCsvRecords(
  source: AsyncIterable<Uint8Array | string> | Iterable<Uint8Array | string>,
  limits: CsvLimits = CSV_UPLOAD_LIMITS,
): AsyncGenerator<CsvRecord> {
  const decoder = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false });
  const reader = new CsvReader(limits);
  let bytes = 0;
  const decode = (chunk: Uint8Array | undefined) => {
    try {
      return chunk === undefined ? decoder.decode() : decoder.decode(chunk, { stream: true });
    } catch {
      throw appErrors.invalidRequest(
        'The file is not UTF-8 text. Save it as "CSV UTF-8" (or UTF-8 text) and upload it again.',
      );
    }
  };
  try {
    for await (const chunk of source) {
      const data = typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
      bytes += data.byteLength;
      if (bytes > limits.bytes)
        throw appErrors.invalidRequest(
          `The file is larger than ${Math.round(limits.bytes / 2 ** 20)} MB. Split it into smaller files.`,
        );
      yield* reader.push(decode(data));
    }
  } catch (error) {
    if (error instanceof AppError) throw error;
    // The request stream broke off (the browser closed, the network dropped): nothing was kept.
    throw appErrors.invalidRequest('The upload stopped before the whole file arrived. Upload it again.');
  }
  yield* reader.push(decode(undefined));
  yield* reader.end();
}
