import { describe, expect, it } from 'vitest';
import { HEAD_BYTES, headerDelimiter, parseCsvHead, readCsvHead } from './csv-head.ts';

describe('parseCsvHead', () => {
  it('reads the header and sample rows: BOM, quotes, doubled quotes, CRLF, blank lines', () => {
    const head = parseCsvHead('\uFEFFSerial, "OU"\r\n\r\n"5CD,1","/A ""B"""\r\nX2,/C\r\n', true);
    expect(head.headers).toEqual(['Serial', 'OU']);
    expect(head.samples).toEqual([
      ['5CD,1', '/A "B"'],
      ['X2', '/C'],
    ]);
    expect(head.delimiter).toBe(',');
  });

  it('keeps a line break inside quotes in its cell', () => {
    expect(parseCsvHead('serial,notes\nA1,"one\ntwo"\n', true).samples).toEqual([['A1', 'one\ntwo']]);
  });

  it('takes the delimiter of the header row: tab or semicolon', () => {
    expect(parseCsvHead('serial\tou\nA1\t/B', true)).toMatchObject({
      headers: ['serial', 'ou'],
      samples: [['A1', '/B']],
    });
    expect(headerDelimiter('serial;ou;"a,b"\n1,2,3,4')).toBe(';');
  });

  it('drops a record cut off by the end of the slice, keeps the last line of a whole file', () => {
    expect(parseCsvHead('serial,ou\nA1,/B\nA2,/C', false).samples).toEqual([['A1', '/B']]);
    expect(parseCsvHead('serial,ou\nA1,/B\nA2,/C', true).samples).toEqual([
      ['A1', '/B'],
      ['A2', '/C'],
    ]);
  });

  it('reads only the head of a large file', async () => {
    const rows = Array.from({ length: 20_000 }, (_, index) => `SN${index},/Grade 6\n`).join('');
    const file = new Blob([`serial,ou\n${rows}`]);
    expect(file.size).toBeGreaterThan(HEAD_BYTES * 3);
    const head = await readCsvHead(file);
    expect(head.headers).toEqual(['serial', 'ou']);
    expect(head.samples).toHaveLength(3);
  });
});
