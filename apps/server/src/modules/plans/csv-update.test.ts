import { describe, expect, it } from 'vitest';
import type { CsvMapping } from '@fleetdeck/shared/plan-contract';
import { AppError } from '../../errors/app-error.ts';
import { bindMapping, classifyRow, readRow, type CurrentDevice, type UnitLookup } from './csv-update.ts';

const HEADER = ['Serial', 'OU', 'Location', 'Notes', 'Status'];
const mapping = (columns: CsvMapping['columns'], notes: CsvMapping['notes'] = 'replace'): CsvMapping => ({
  key: { column: 'serial', by: 'serial' },
  columns,
  notes,
});
const refusal = (run: () => unknown) => {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(AppError);
    return (error as AppError).message;
  }
  throw new Error('expected a 400');
};

const device: CurrentDevice = {
  device_id: 'd1',
  serial_number: '5CD1',
  annotated_asset_id: null,
  annotated_location: 'Room 1',
  annotated_user: null,
  notes: null,
  status: 'ACTIVE',
  org_unit_path: '/A',
};
const units: UnitLookup = {
  find: (path) => ({ '/a': '/A', '/b': '/B', '/c': '/C' })[path.toLowerCase()],
  inAuthorUnits: (path) => path !== '/C',
};

describe('a CSV update row', () => {
  it('binds a mapping by header name, case and spaces aside, and refuses what cannot be meant', () => {
    const bound = bindMapping(
      HEADER,
      mapping([{ column: ' location ', field: 'annotatedLocation', blank: 'clear' }]),
    );
    expect(bound).toMatchObject({ keyIndex: 0, columns: [{ index: 2, header: 'Location', blank: 'clear' }] });
    expect(
      refusal(() =>
        bindMapping(
          HEADER,
          mapping([
            { column: 'Location', field: 'notes', blank: 'leave' },
            { column: 'Notes', field: 'notes', blank: 'leave' },
          ]),
        ),
      ),
    ).toMatch(/^Two columns set the notes/);
    expect(
      refusal(() => bindMapping(HEADER, mapping([{ column: 'Status', field: 'status', blank: 'clear' }]))),
    ).toMatch(/A blank status cannot clear it/);
    expect(
      refusal(() =>
        bindMapping(HEADER, mapping([{ column: 'Notes', field: 'notes', blank: 'clear' }], 'append')),
      ),
    ).toMatch(/^Appended notes cannot clear/);
  });

  it('reads blank cells as "leave" or "clear", and keeps line breaks in notes only', () => {
    const bound = bindMapping(
      HEADER,
      mapping([
        { column: 'Location', field: 'annotatedLocation', blank: 'clear' },
        { column: 'Notes', field: 'notes', blank: 'leave' },
        { column: 'OU', field: 'orgUnitPath', blank: 'leave' },
      ]),
    );
    const blank = readRow({ row: 2, cells: [' 5CD1 ', '', '  ', ''] }, bound);
    expect(blank).toEqual({
      row: 2,
      key: '5CD1',
      matchKey: '5cd1',
      requested: { annotatedLocation: null },
      problems: [],
    });
    const multiline = readRow({ row: 3, cells: ['5CD1', 'Grade 6', 'a\nb', 'two\nlines'] }, bound);
    expect(multiline.problems).toEqual([
      'The Location cell contains a control character (U+000A) at position 1.',
      'The OU cell "Grade 6" is not an OU path; write the full path from "/" (for example /Students/Grade 6).',
    ]);
    expect(multiline.requested).toEqual({ notes: 'two\nlines' });
  });

  it('compares with the device: only what differs changes; units must exist and be the author’s', () => {
    const bound = bindMapping(
      HEADER,
      mapping([
        { column: 'OU', field: 'orgUnitPath', blank: 'leave' },
        { column: 'Location', field: 'annotatedLocation', blank: 'leave' },
        { column: 'Status', field: 'status', blank: 'leave' },
      ]),
    );
    const classify = (cells: string[]) =>
      classifyRow(readRow({ row: 2, cells }, bound), device, units, 'replace');
    expect(classify(['5CD1', '/a', 'Room 1', '', 'enabled'])).toMatchObject({
      outcome: 'unchanged',
      change: null,
    });
    expect(classify(['5CD1', '/b', 'Room 1', '', 'disable'])).toMatchObject({
      outcome: 'change',
      before: { orgUnitPath: '/A', annotatedLocation: 'Room 1', status: 'ACTIVE' },
      change: { orgUnitPath: '/B', status: 'disable' },
    });
    expect(classify(['5CD1', '/c', '', '', '']).reason).toBe('The unit /C lies outside your units.');
    expect(classify(['5CD1', '/d', '', '', '']).reason).toMatch(
      /^No organizational unit \/d in this organization/,
    );
  });
});
