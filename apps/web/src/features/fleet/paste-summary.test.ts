import { describe, expect, it } from 'vitest';
import type { ResolveDevicesResponse } from '@fleetdeck/shared/fleet-contract';
import { summarizePaste } from './paste-summary.ts';

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
  };
}

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
});
