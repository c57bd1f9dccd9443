import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ResolveDevicesResponse } from '@fleetdeck/shared/fleet-contract';
import { FLEET_LIST_LIMITS } from '@fleetdeck/shared/fleet-columns';
import { oneEditVariants } from '../src/modules/fleet/device-resolve-suggest.ts';
import { backendName, createTestDatabase, type TestDatabase } from './test-database.ts';
import {
  buildFleetApp,
  ORG,
  OTHER_ORG,
  seedDevices,
  seedOrgUnits,
  type FleetHarness,
  type SeedDevice,
} from './devices-fleet-harness.ts';

/** Devices `<prefix>01`, `<prefix>02`, … in one unit. */
const numbered = (prefix: string, count: number, ou: string, org = ORG): SeedDevice[] =>
  Array.from({ length: count }, (_, i) => ({
    id: `${org}-${prefix}-${i}`,
    org,
    serial: `${prefix}${String(i + 1).padStart(2, '0')}`,
    ou,
  }));

describe(`a pasted line with no exact match says what it may have meant (${backendName})`, () => {
  let testDb: TestDatabase;
  let harness: FleetHarness;

  beforeAll(async () => {
    testDb = await createTestDatabase();
    await seedOrgUnits(testDb.database.db, ORG, ['/', '/north', '/south']);
    await seedDevices(testDb.database.db, [
      ...numbered('5CD1234A', 12, '/north'),
      ...numbered('5CD1234B', 2, '/south'),
      // Another organization's serials never count, nor appear.
      ...numbered('5CD1234A', 30, '/', OTHER_ORG),
      { id: 'near-1', serial: 'NXHQ7AA001', ou: '/north' },
      { id: 'near-2', serial: 'NXHQ7AB001', ou: '/south' },
      { id: 'exact-1', serial: 'R9KX00412', asset: 'LIB-0042', ou: '/north' },
      ...numbered('CAP', 99, '/north').map((device, i) => ({
        ...device,
        serial: `CAP${String(i).padStart(4, '0')}`,
      })),
    ]);
    // Past the count's cap: more serials than are counted begin with "CAPX".
    await seedDevices(
      testDb.database.db,
      Array.from({ length: FLEET_LIST_LIMITS.resolvePrefixCountCap + 5 }, (_, i) => ({
        id: `capx-${i}`,
        serial: `CAPX${String(i).padStart(5, '0')}`,
        ou: '/north',
      })),
    );
    harness = await buildFleetApp(testDb.database.db);
  });
  afterAll(async () => {
    await harness.app.close();
    await testDb.cleanup();
  });

  async function resolve(text: string, by?: 'serial' | 'assetId') {
    const response = await harness.app.inject({
      method: 'POST',
      url: '/api/devices/resolve',
      payload: { text, ...(by ? { by } : {}) },
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<ResolveDevicesResponse>();
  }

  it('counts the serials a line begins, lists the first few, and finds near misses', async () => {
    const body = await resolve('5cd1234a\nNXHQ7AA0O1\nNXHQ7A001\nR9KX00412\nnothing-like-it\n5CD');
    const [prefix, typo, dropped, exact, nothing, short] = body.lines;
    expect(prefix).toMatchObject({ matchCount: 0 });
    expect(prefix?.suggestions).toEqual({
      prefixCount: 12,
      prefixCountCapped: false,
      prefixSerials: ['5CD1234A01', '5CD1234A02', '5CD1234A03'],
      nearSerials: [],
    });
    // One character changed ("O" for "0").
    expect(typo?.suggestions).toMatchObject({ prefixCount: 0, nearSerials: ['NXHQ7AA001'] });
    // One character dropped: both serials have one more, in serial order.
    expect(dropped?.suggestions).toMatchObject({ nearSerials: ['NXHQ7AA001', 'NXHQ7AB001'] });
    expect(exact).toMatchObject({ matchCount: 1, suggestions: null });
    expect(nothing?.suggestions).toEqual({
      prefixCount: 0,
      prefixCountCapped: false,
      prefixSerials: [],
      nearSerials: [],
    });
    // 14 of this organization's serials begin with "5CD" (none of the other's).
    expect(short?.suggestions).toMatchObject({
      prefixCount: 14,
      prefixSerials: ['5CD1234A01', '5CD1234A02', '5CD1234A03'],
    });
    expect(body.unsuggested).toBe(0);
  });

  it('bounds the count and says when more begin with it', async () => {
    const [line] = (await resolve('capx')).lines;
    expect(line?.suggestions).toMatchObject({
      prefixCount: FLEET_LIST_LIMITS.resolvePrefixCountCap,
      prefixCountCapped: true,
      prefixSerials: ['CAPX00000', 'CAPX00001', 'CAPX00002'],
    });
  });

  it('holds a member limited to some units to those units', async () => {
    harness.caller = { ...harness.caller, ouPaths: ['/south'] };
    try {
      const [prefix, typo] = (await resolve('5CD1234\nNXHQ7AA0O1')).lines;
      expect(prefix?.suggestions).toMatchObject({
        prefixCount: 2,
        prefixSerials: ['5CD1234B01', '5CD1234B02'],
      });
      // NXHQ7AA001 is in /north: not offered. NXHQ7AB001 is two characters off.
      expect(typo?.suggestions?.nearSerials).toEqual([]);
    } finally {
      harness.caller = { ...harness.caller, ouPaths: ['/'] };
    }
  });

  it('looks at the first values without a match only, and not at asset IDs', async () => {
    const many = Array.from({ length: FLEET_LIST_LIMITS.resolveSuggestValues + 7 }, (_, i) => `ZZ${i}`);
    const body = await resolve(many.join('\n'));
    expect(body.lines.filter((line) => line.suggestions !== null)).toHaveLength(
      FLEET_LIST_LIMITS.resolveSuggestValues,
    );
    expect(body.lines.at(-1)?.suggestions).toBeNull();
    expect(body.unsuggested).toBe(7);
    const byAsset = await resolve('5CD1234A', 'assetId');
    expect(byAsset.lines[0]?.suggestions).toBeNull();
  });

  it('reads the serial index for both kinds of suggestion', async () => {
    const db = testDb.database.db;
    // The planner would scan a table this small; the index must be able to serve the reads.
    await sql`set enable_seqscan = off`.execute(db);
    try {
      const plan = async (query: ReturnType<typeof sql>) =>
        (await sql<{ 'QUERY PLAN': string }>`explain ${query}`.execute(db)).rows
          .map((row) => row['QUERY PLAN'])
          .join('\n');
      const range = await plan(
        sql`select 1 from fleet_device d where d.org_id = ${ORG} and lower(d.serial_number) > '5cd' and lower(d.serial_number) < '5ce'`,
      );
      expect(range).toMatch(/fleet_device\w*_serial_lower_idx|Index/);
      expect(range).not.toMatch(/Seq Scan/);
      const exact = await plan(
        sql`select 1 from fleet_device d where d.org_id = ${ORG} and lower(d.serial_number) = any(${['a', 'b']}::text[])`,
      );
      expect(exact).not.toMatch(/Seq Scan/);
    } finally {
      await sql`reset enable_seqscan`.execute(db);
    }
  });
});

describe('one-edit variants', () => {
  it('changes, adds, drops and swaps one character', () => {
    const variants = oneEditVariants('ab1');
    for (const expected of ['xb1', 'ab', 'b1', 'ba1', 'a1b', 'ab12', '0ab1', 'a-b1'.replace('-', 'z')]) {
      expect(variants.has(expected), expected).toBe(true);
    }
    expect(variants.has('ab1')).toBe(false);
    expect(variants.has('ba2')).toBe(false);
    // Changes and inserts over 36 letters and digits: a few hundred variants for a serial.
    expect(oneEditVariants('5cd1234xyz').size).toBeLessThan(800);
  });
});
