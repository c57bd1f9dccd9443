import { describe, expect, it } from 'vitest';
import type { ResolveDevicesResponse } from '@fleetdeck/shared/fleet-contract';
import { noMatchHints, summarizePaste, unmatchedLines } from './paste-summary.ts';

type Line = ResolveDevicesResponse['lines'][number];

function line(
  number: number,
  input: string,
  deviceIds: string[],
  duplicateOfLine: number | null = null,
): Line {
  return {
    line: number,
    input,
    normalized: input.toLowerCase(),
    matches: deviceIds.map((deviceId) => ({
      deviceId,
      serialNumber: input,
      annotatedAssetId: null,
      model: null,
      status: 'ACTIVE',
      orgUnitPath: '/',
      matchedOn: 'serial' as const,
    })),
    matchCount: deviceIds.length,
    duplicateOfLine,
    suggestions: null,
  };
}

const suggested = (
  prefixCount: number,
  prefixSerials: string[],
  nearSerials: string[] = [],
  capped = false,
) => ({
  prefixCount,
  prefixCountCapped: capped,
  prefixSerials,
  nearSerials,
});

describe('pasted list summary', () => {
  it('counts a repeated line once (3 devices, 1 repeated; not 4 matched)', () => {
    const summary = summarizePaste([
      line(1, 'SN1', ['d1']),
      line(2, 'SN2', ['d2']),
      line(3, 'SN1', ['d1'], 1),
      line(4, 'SN3', ['d3']),
    ]);
    expect(summary).toEqual({ none: 0, many: 0, repeatOf: new Map([[3, 1]]) });
  });

  it('counts a device pasted by serial and again by asset ID as one, pointing at the first line', () => {
    const summary = summarizePaste([line(1, 'SN1', ['d1']), line(2, 'ASSET-1', ['d1'])]);
    expect(summary.repeatOf).toEqual(new Map([[2, 1]]));
  });

  it('counts values without a match or with several once each, however often they are pasted', () => {
    const summary = summarizePaste([
      line(1, 'NOPE', []),
      line(2, 'NOPE', [], 1),
      line(3, 'SHARED', ['d1', 'd2']),
      line(4, 'SHARED', ['d1', 'd2'], 3),
    ]);
    expect(summary).toEqual({
      none: 1,
      many: 1,
      repeatOf: new Map([
        [2, 1],
        [4, 3],
      ]),
    });
  });

  it('says how many serials a line begins and which, and what a near miss may have meant', () => {
    expect(noMatchHints(suggested(12, ['5CD01', '5CD02', '5CD03']))).toEqual({
      prefix: 'No exact match; 12 serials begin with it',
      prefixSerials: ['5CD01', '5CD02', '5CD03'],
      near: null,
    });
    expect(noMatchHints(suggested(1, ['5CD01'])).prefix).toBe('No exact match; 1 serial begins with it');
    expect(noMatchHints(suggested(1000, ['A'], [], true)).prefix).toBe(
      'No exact match; more than 1,000 serials begin with it',
    );
    expect(noMatchHints(suggested(0, [], ['NXHQ7AA001'])).near).toBe('Did you mean NXHQ7AA001?');
    expect(noMatchHints(suggested(0, [], ['A1', 'B1', 'C1'])).near).toBe('Did you mean A1, B1 or C1?');
    expect(noMatchHints(null)).toEqual({ prefix: null, prefixSerials: [], near: null });
  });

  it('keeps each line without exactly one device, once, with its note', () => {
    const cut = { ...line(2, '5CD', []), suggestions: suggested(4, ['5CD01', '5CD02', '5CD03']) };
    const typo = { ...line(3, 'NXHQ7AA0O1', []), suggestions: suggested(0, [], ['NXHQ7AA001']) };
    expect(
      unmatchedLines([
        line(1, 'SN1', ['d1']),
        cut,
        typo,
        line(4, 'SHARED', ['d1', 'd2']),
        line(5, 'NOPE', []),
        line(6, 'NOPE', [], 5),
      ]),
    ).toEqual([
      { line: 2, input: '5CD', note: 'No exact match; 4 serials begin with it: 5CD01, 5CD02, 5CD03, …' },
      { line: 3, input: 'NXHQ7AA0O1', note: 'Did you mean NXHQ7AA001?' },
      { line: 4, input: 'SHARED', note: '2 devices match: paste the full serial number to pick one' },
      { line: 5, input: 'NOPE', note: 'No match' },
    ]);
  });
});
