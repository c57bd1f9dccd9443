import { describe, expect, it } from 'vitest';
import { guessMapping, toCsvMapping } from './csv-mapping.ts';

const uses = (headers: string[]) => guessMapping(headers).columns.map((choice) => choice.use);

describe('guessMapping', () => {
  it('guesses the key and each field from usual headers', () => {
    expect(
      uses([
        'Serial Number',
        'Org Unit Path',
        'Asset ID',
        'Location',
        'Annotated User',
        'Notes',
        'Status',
        'Comment',
      ]),
    ).toEqual([
      'key:serial',
      'field:orgUnitPath',
      'field:annotatedAssetId',
      'field:annotatedLocation',
      'field:annotatedUser',
      'field:notes',
      'field:status',
      'ignore',
    ]);
  });

  it('keys by the device ID, else the asset ID, when there is no serial', () => {
    expect(uses(['deviceId', 'asset_id', 'OU'])).toEqual([
      'key:deviceId',
      'field:annotatedAssetId',
      'field:orgUnitPath',
    ]);
    expect(uses(['Asset Tag', 'Room'])).toEqual(['key:assetId', 'field:annotatedLocation']);
  });

  it('leaves unknown columns unused and blank cells as they are', () => {
    const draft = guessMapping(['sn', 'Grade', 'ou']);
    expect(draft.columns.map((choice) => [choice.use, choice.blank])).toEqual([
      ['key:serial', 'leave'],
      ['ignore', 'leave'],
      ['field:orgUnitPath', 'leave'],
    ]);
  });
});

describe('toCsvMapping', () => {
  it('builds the mapping the server takes; clear only where a field can be cleared', () => {
    const draft = guessMapping(['serial', 'ou', 'notes']);
    const columns = draft.columns.map((choice) => ({ ...choice, blank: 'clear' as const }));
    expect(toCsvMapping({ columns, notes: 'append' })).toEqual({
      mapping: {
        key: { column: 'serial', by: 'serial' },
        columns: [
          { column: 'ou', field: 'orgUnitPath', blank: 'leave' },
          { column: 'notes', field: 'notes', blank: 'clear' },
        ],
        notes: 'append',
      },
    });
  });

  it('says what is missing or doubled', () => {
    expect(toCsvMapping(guessMapping(['ou']))).toEqual({
      problem: expect.stringMatching(/^Choose the column that finds/),
    });
    expect(toCsvMapping(guessMapping(['serial', 'whatever']))).toEqual({
      problem: expect.stringMatching(/at least one column/),
    });
    const draft = guessMapping(['serial', 'ou', 'new ou']);
    const doubled = {
      ...draft,
      columns: draft.columns.map((c, i) => (i === 2 ? { ...c, use: 'field:orgUnitPath' as const } : c)),
    };
    expect(toCsvMapping(doubled)).toEqual({
      problem: '“ou” and “new ou” would both set Organizational unit; keep one.',
    });
    const twoKeys = {
      ...draft,
      columns: draft.columns.map((c, i) => (i === 2 ? { ...c, use: 'key:assetId' as const } : c)),
    };
    expect(toCsvMapping(twoKeys)).toEqual({
      problem: expect.stringMatching(/Only one column can find the devices/),
    });
  });
});
