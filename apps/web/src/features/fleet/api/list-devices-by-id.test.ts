import { describe, expect, it, vi } from 'vitest';
import { parseDeviceQuery } from '@fleetdeck/shared/device-query';
import type { FleetTableRow } from '@fleetdeck/shared/fleet-contract';
import type { RefreshedRow } from '../live-rows.ts';
import {
  deviceIdChunks,
  narrowingPrefix,
  oneReadAtATime,
  readRowsById,
  refreshChunk,
  type RowReader,
} from './list-devices-by-id.ts';

const ids = (count: number, length = 12) =>
  Array.from({ length: count }, (_, index) => `d${String(index).padStart(length - 1, '0')}`);

/**
 * A stand-in for the list API over a small fleet: `device_id:` terms select by id, and `ou:/x`
 * stands for the query (the devices whose OU is /x); it records every query asked.
 */
function fakeFleet(fleet: readonly FleetTableRow[]) {
  const asked: { q: string; limit: number }[] = [];
  const read: RowReader = async (q, limit) => {
    asked.push({ q, limit });
    const terms = q.split(' ');
    const idTerm = terms.find((term) => term.startsWith('device_id:'));
    const wanted = new Set(idTerm?.slice('device_id:'.length).split(','));
    const ou = terms.find((term) => term.startsWith('ou:'))?.slice('ou:'.length);
    return Promise.resolve(
      fleet
        .filter((row) => wanted.has(row.deviceId) && (ou === undefined || row.orgUnitPath === ou))
        .slice(0, limit),
    );
  };
  return { read, asked };
}

const device = (deviceId: string, orgUnitPath: string): FleetTableRow => ({
  deviceId,
  serialNumber: `S-${deviceId}`,
  orgUnitPath,
});

describe('reading loaded rows by id', () => {
  it('chunks ids into terms of at most 50 the parser accepts, with room for the query before them', () => {
    const q = 'status:ACTIVE ou:/Students';
    const prefix = narrowingPrefix(q);
    expect(prefix).toBe(`${q} `);
    const chunks = deviceIdChunks(ids(120, 36), prefix?.length ?? 0);
    expect(chunks.map((chunk) => chunk.length)).toEqual([50, 50, 20]);
    for (const chunk of chunks) {
      const query = `${prefix ?? ''}device_id:${chunk.join(',')}`;
      expect(query.length).toBeLessThanOrEqual(2000);
      expect(parseDeviceQuery(query).ok).toBe(true);
    }
    // A long query leaves room for fewer ids per term.
    const long = `"${'x'.repeat(1500)}"`;
    const tight = deviceIdChunks(ids(50, 100), (narrowingPrefix(long) ?? '').length);
    expect(tight.length).toBeGreaterThan(1);
    for (const chunk of tight)
      expect(`${long} device_id:${chunk.join(',')}`.length).toBeLessThanOrEqual(2000);
  });

  it('does not narrow a query that is empty, invalid or at its limits', () => {
    expect(narrowingPrefix('')).toBeNull();
    expect(narrowingPrefix('   ')).toBeNull();
    expect(narrowingPrefix('nope:1')).toBeNull();
    expect(narrowingPrefix(Array.from({ length: 50 }, (_, index) => `w${index}`).join(' '))).toBeNull();
    expect(narrowingPrefix(`"${'x'.repeat(1900)}"`)).toBeNull();
  });

  it('tells apart rows that still match, rows that left the query and gone devices, in two requests', async () => {
    const [a, b, c] = [device('a', '/x'), device('b', '/y'), device('c', '/x')];
    const { read, asked } = fakeFleet([a, b, c]);
    const result = await refreshChunk(['a', 'b', 'c', 'gone'], 'ou:/x', read);
    expect(Object.fromEntries(result)).toEqual({
      a: { row: a, matches: true },
      b: { row: b, matches: false },
      c: { row: c, matches: true },
      gone: { row: null, matches: false },
    } satisfies Record<string, RefreshedRow>);
    expect(asked).toEqual([
      { q: 'ou:/x device_id:a,b,c,gone', limit: 4 },
      { q: 'device_id:b,gone', limit: 2 },
    ]);
  });

  it('asks once when every device still matches, and by id alone for a pasted list', async () => {
    const fleet = [device('a', '/x'), device('b', '/x')];
    const matching = fakeFleet(fleet);
    await refreshChunk(['a', 'b'], 'ou:/x', matching.read);
    expect(matching.asked).toHaveLength(1);
    const pasted = fakeFleet(fleet);
    const result = await refreshChunk(['a', 'gone'], '', pasted.read);
    expect(pasted.asked).toEqual([{ q: 'device_id:a,gone', limit: 2 }]);
    expect(result.get('a')).toEqual({ row: fleet[0], matches: true });
    expect(result.get('gone')).toEqual({ row: null, matches: false });
  });

  it('reads every loaded id in chunks of at most 50, within the API limit, and skips a failed chunk', async () => {
    const fleet = ids(230).map((id) => device(id, '/x'));
    const { read, asked } = fakeFleet(fleet);
    let calls = 0;
    const failing: RowReader = (q, limit) => {
      calls += 1;
      return calls === 2 ? Promise.reject(new Error('offline')) : read(q, limit);
    };
    const refreshed = new Map<string, RefreshedRow>();
    await readRowsById({
      ids: fleet.map((row) => row.deviceId),
      q: 'ou:/x',
      read: failing,
      onChunk: (chunk) => chunk.forEach((value, id) => refreshed.set(id, value)),
    });
    expect(calls).toBe(5);
    expect(asked.every((each) => each.limit <= 50)).toBe(true);
    expect(refreshed.size).toBe(230 - 50);
    expect([...refreshed.values()].every((value) => value.matches)).toBe(true);
  });

  it('reads one refresh at a time, and the ids asked meanwhile together once it ends', async () => {
    const runs: string[][] = [];
    const ends: ((failed?: boolean) => void)[] = [];
    const reads = oneReadAtATime(
      (asked) =>
        new Promise<void>((resolve, reject) => {
          runs.push([...asked]);
          ends.push((failed) => (failed ? reject(new Error('offline')) : resolve()));
        }),
    );
    reads.read(['a', 'b']);
    reads.read(['b', 'c']);
    reads.read(['d']);
    expect(runs).toEqual([['a', 'b']]);
    ends[0]?.(true);
    await vi.waitFor(() => expect(runs).toHaveLength(2));
    expect(runs[1]).toEqual(['b', 'c', 'd']);
    // What waits when the list starts over is dropped.
    reads.read(['e']);
    reads.drop();
    ends[1]?.();
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(runs).toHaveLength(2);
    reads.read(['f']);
    expect(runs[2]).toEqual(['f']);
  });
});
