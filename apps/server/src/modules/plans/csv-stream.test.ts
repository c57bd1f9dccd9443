import { describe, expect, it } from 'vitest';
import { AppError } from '../../errors/app-error.ts';
import { columnLetters, CSV_UPLOAD_LIMITS, readCsvRecords, type CsvLimits } from './csv-stream.ts';

async function* chunks(parts: readonly (string | Uint8Array)[]): AsyncGenerator<Uint8Array> {
  for (const part of parts) yield typeof part === 'string' ? new TextEncoder().encode(part) : part;
}

async function read(parts: readonly (string | Uint8Array)[], limits?: Partial<CsvLimits>) {
  const records: { row: number; cells: readonly string[] }[] = [];
  for await (const record of readCsvRecords(chunks(parts), { ...CSV_UPLOAD_LIMITS, ...limits }))
    records.push(record);
  return records;
}

async function refusal(parts: readonly (string | Uint8Array)[], limits?: Partial<CsvLimits>) {
  try {
    await read(parts, limits);
  } catch (error) {
    expect(error).toBeInstanceOf(AppError);
    const appError = error as AppError;
    expect(appError.status).toBe(400);
    return { message: appError.message, details: appError.details };
  }
  throw new Error('expected a 400');
}

const TRICKY =
  '\uFEFFSerial,Notes,Location\r\n' +
  '5CD1,"Cart 3, slot 4",Library\r\n' +
  '\r\n' +
  '5CD2,"He said ""hi""",\r\n' +
  ',,\r\n' +
  '5CD3,"two\r\nlines",Gym\r\n' +
  '  5CD4  ,  "quoted"  ,x';

describe('readCsvRecords', () => {
  it('reads a BOM, CRLF, quoted commas, doubled quotes and line breaks in quotes; blank rows count but are skipped', async () => {
    const records = await read([TRICKY]);
    expect(records).toEqual([
      { row: 1, cells: ['Serial', 'Notes', 'Location'] },
      { row: 2, cells: ['5CD1', 'Cart 3, slot 4', 'Library'] },
      { row: 4, cells: ['5CD2', 'He said "hi"', ''] },
      { row: 6, cells: ['5CD3', 'two\r\nlines', 'Gym'] },
      { row: 7, cells: ['  5CD4  ', 'quoted', 'x'] },
    ]);
  });

  it('gives the same records however the bytes are split (one byte at a time)', async () => {
    const bytes = new TextEncoder().encode(`${TRICKY}\nÅsa,"é ""ü""",ß\n`);
    const whole = await read([bytes]);
    const single = await read(Array.from(bytes, (byte) => Uint8Array.of(byte)));
    expect(single).toEqual(whole);
    expect(whole.at(-1)).toEqual({ row: 8, cells: ['Åsa', 'é "ü"', 'ß'] });
  });

  it('reads LF and lone CR line ends, tabs and semicolons as the header row uses them', async () => {
    expect(await read(['a,b\n1,2\n'])).toEqual([
      { row: 1, cells: ['a', 'b'] },
      { row: 2, cells: ['1', '2'] },
    ]);
    expect(await read(['a;b\r1;2\r'])).toEqual([
      { row: 1, cells: ['a', 'b'] },
      { row: 2, cells: ['1', '2'] },
    ]);
    expect(await read(['a\tb,c\n1\t2,3'])).toEqual([
      { row: 1, cells: ['a', 'b,c'] },
      { row: 2, cells: ['1', '2,3'] },
    ]);
    expect(await read(['serial\n5CD1\n'])).toEqual([
      { row: 1, cells: ['serial'] },
      { row: 2, cells: ['5CD1'] },
    ]);
  });

  it('keeps a trailing empty cell and a quoted empty key', async () => {
    expect(await read(['a,b,c\n1,2,'])).toEqual([
      { row: 1, cells: ['a', 'b', 'c'] },
      { row: 2, cells: ['1', '2', ''] },
    ]);
    expect((await read(['a,b\n"",x\n']))[1]).toEqual({ row: 2, cells: ['', 'x'] });
  });

  it('names the row and the column of a quote never closed, and of text after a closing quote', async () => {
    const open = await refusal(['Serial,Notes\n5CD1,"never closed\n5CD2,x\n']);
    expect(open.message).toMatch(/^Row 2, column B \("Notes"\): a quoted cell is never closed/);
    const after = await refusal(['Serial,Notes\n5CD1,ok\n5CD2,"a"b\n']);
    expect(after.message).toMatch(/^Row 3, column B \("Notes"\): characters follow a closing quote/);
    expect(after.details).toEqual({ row: 3, column: 2 });
  });

  it('bounds a cell, a row, the columns, the rows and the bytes, naming where', async () => {
    const cell = await refusal([`Serial,Notes\n5CD1,${'x'.repeat(5_001)}\n`]);
    expect(cell.message).toMatch(/^Row 2, column B \("Notes"\): the cell holds more than 5,000 characters/);
    const row = await refusal(['a,b,c\n12,34,56\n'], { rowChars: 4 });
    expect(row.message).toMatch(/^Row 2: the row holds more than 4 characters/);
    const columns = await refusal(['a,b\n1,2,3,4\n'], { columns: 3 });
    expect(columns.message).toMatch(/^Row 2: the row has more than 3 columns/);
    const rows = await refusal(['serial\n1\n2\n\n3\n4\n'], { rows: 3 });
    expect(rows.message).toMatch(/^Row 6: the file has more than 3 rows of devices/);
    const bytes = await refusal(['serial\n', '1234567890\n'], { bytes: 12 });
    expect(bytes.message).toMatch(/larger than/);
  });

  it('refuses text that is not UTF-8, and reads a character split across chunks', async () => {
    const bad = await refusal([Uint8Array.of(0x61, 0x0a, 0xff, 0xfe, 0x0a)]);
    expect(bad.message).toMatch(/not UTF-8/);
    const euro = new TextEncoder().encode('a\n€\n');
    expect(await read([euro.slice(0, 3), euro.slice(3)])).toEqual([
      { row: 1, cells: ['a'] },
      { row: 2, cells: ['€'] },
    ]);
  });

  it('answers an upload that breaks off with a 400, not a failure of ours', async () => {
    async function* broken(): AsyncGenerator<Uint8Array> {
      yield new TextEncoder().encode('serial\n5CD1\n');
      throw Object.assign(new Error('aborted'), { code: 'ECONNRESET' });
    }
    await expect(async () => {
      for await (const record of readCsvRecords(broken())) expect(record.cells).toBeDefined();
    }).rejects.toThrow(/The upload stopped before the whole file arrived/);
  });

  it('streams 100,000 rows without holding the file', async () => {
    async function* rows(): AsyncGenerator<string> {
      yield 'Serial,Location\r\n';
      for (let block = 0; block < 100; block++) {
        let text = '';
        for (let i = 0; i < 1_000; i++) text += `5CD${block * 1_000 + i},"Room ${i}, shelf"\r\n`;
        yield text;
      }
    }
    let count = 0;
    let last: readonly string[] = [];
    for await (const record of readCsvRecords(rows())) {
      count++;
      last = record.cells;
    }
    expect(count).toBe(100_001);
    expect(last).toEqual(['5CD99999', 'Room 999, shelf']);
  });

  it('letters columns as a spreadsheet does', () => {
    expect([0, 25, 26, 27, 701, 702].map(columnLetters)).toEqual(['A', 'Z', 'AA', 'AB', 'ZZ', 'AAA']);
  });
});
