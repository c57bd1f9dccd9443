import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FacetsResponse, ListDevicesResponse } from '@fleetdeck/shared/fleet-contract';
import { writeTelemetryPage } from '../src/modules/fleet-store/telemetry-writer.ts';
import { backendName, createTestDatabase, type TestDatabase } from './test-database.ts';
import { buildFleetApp, OTHER_ORG, seedDevices, type FleetHarness } from './devices-fleet-harness.ts';
import { humanizeGoogleValue } from '@fleetdeck/shared/google-values';

/**
 * Battery health sorts by severity and OS version by number (migration 0016, decision 029): the
 * orders an admin expects, written out here rather than read back from the database, with blanks
 * last in both directions and device_id breaking ties, on every page and in the export.
 */

/** [device, battery health, OS version]; ids out of step with both orders, ties in each. */
const FLEET: readonly (readonly [string, string | null, string | null])[] = [
  ['d05', 'BATTERY_HEALTH_NORMAL', '120.0.6099.235'],
  ['d02', 'BATTERY_REPLACE_SOON', '9.0.1'],
  ['d09', null, '10.0.0'],
  ['d07', 'BATTERY_REPLACE_NOW', '8512.109.0'],
  ['d01', 'BATTERY_HEALTH_NORMAL', '8512.71.0'],
  ['d11', 'BATTERY_REPLACE_SOON', null],
  ['d04', 'BATTERY_HEALTH_UNSPECIFIED', '120.0.6099.24'],
  ['d08', 'BATTERY_HEALTH_NORMAL', '79.0.3945.123'],
  ['d03', 'BATTERY_REPLACE_SOON', '10.0.0'],
  ['d10', 'BATTERY_HEALTH_NORMAL', ''],
  ['d06', null, '120.0.6099.235'],
];

/** Worst first; no state and an unspecified one are blanks. */
const BATTERY_ASC = ['d07', 'd02', 'd03', 'd11', 'd01', 'd05', 'd08', 'd10', 'd04', 'd06', 'd09'];
const BATTERY_DESC = ['d10', 'd08', 'd05', 'd01', 'd11', 'd03', 'd02', 'd07', 'd09', 'd06', 'd04'];
/** 9 < 10 < 79 < 120 < 8512, 6099.24 < 6099.235, 8512.71 < 8512.109; no version and "" last. */
const OS_ASC = ['d02', 'd03', 'd09', 'd08', 'd04', 'd05', 'd06', 'd01', 'd07', 'd10', 'd11'];
const OS_DESC = ['d07', 'd01', 'd06', 'd05', 'd04', 'd08', 'd09', 'd03', 'd02', 'd11', 'd10'];

const ORDERS = [
  ['batteryHealth', 'asc', BATTERY_ASC],
  ['batteryHealth', 'desc', BATTERY_DESC],
  ['osVersion', 'asc', OS_ASC],
  ['osVersion', 'desc', OS_DESC],
] as const;

/** A page link as Fleetdeck wrote it before the sort keys: the shown value as the position. */
function cursorOf(sort: string, dir: string, value: string | null, deviceId: string): string {
  return Buffer.from(JSON.stringify([sort, dir, value, deviceId]), 'utf8').toString('base64url');
}

describe(`battery health and OS version sort orders (${backendName})`, () => {
  let testDb: TestDatabase;
  let harness: FleetHarness;

  beforeAll(async () => {
    testDb = await createTestDatabase();
    await seedDevices(testDb.database.db, [
      ...FLEET.map(([id, battery, osVersion]) => ({ id, battery, osVersion })),
      // Another organization's worst battery and oldest version never show.
      { id: 'd00', org: OTHER_ORG, battery: 'BATTERY_REPLACE_NOW', osVersion: '1.0' },
    ]);
    harness = await buildFleetApp(testDb.database.db);
  });
  afterAll(async () => {
    await harness.app.close();
    await testDb.cleanup();
  });

  async function get(url: string): Promise<ListDevicesResponse> {
    const response = await harness.app.inject({ method: 'GET', url });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<ListDevicesResponse>();
  }

  /** Every page of a sort, `limit` rows at a time; the first page counted or not. */
  async function walk(sort: string, dir: string, limit: number, count: string): Promise<string[]> {
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const after: string = cursor === null ? `&count=${count}` : `&count=none&cursor=${cursor}`;
      const page = await get(`/api/devices?sort=${sort}&dir=${dir}&limit=${limit}${after}`);
      seen.push(...page.devices.map((device) => device.deviceId));
      cursor = page.nextCursor;
    } while (cursor !== null && seen.length <= FLEET.length);
    return seen;
  }

  it.each(ORDERS)('orders a page sorted by %s %s as an admin reads it', async (sort, dir, expected) => {
    const page = await get(`/api/devices?sort=${sort}&dir=${dir}&limit=100`);
    expect(page.devices.map((device) => device.deviceId)).toEqual(expected);
    expect(page.nextCursor).toBeNull();
  });

  it.each(ORDERS)(
    'continues %s %s across pages that end inside runs of equal keys',
    async (sort, dir, expected) => {
      // Pages of 2 and 3 end between devices of one battery state or one version, and in the blanks.
      for (const limit of [2, 3]) {
        expect(await walk(sort, dir, limit, 'auto'), `limit ${limit}, counted`).toEqual(expected);
        expect(await walk(sort, dir, limit, 'none'), `limit ${limit}, uncounted`).toEqual(expected);
      }
    },
  );

  it('puts the one device whose battery must be replaced now first on the first click', async () => {
    const page = await get('/api/devices?sort=batteryHealth&dir=asc&limit=1&columns=batteryHealth,osVersion');
    // The shown values are Google's, unchanged: the sort keys never reach a row.
    expect(page.devices).toEqual([
      {
        deviceId: 'd07',
        serialNumber: 'D07',
        batteryHealth: 'BATTERY_REPLACE_NOW',
        osVersion: '8512.109.0',
      },
    ]);
    expect(page.total).toEqual({ value: FLEET.length, exact: true });
  });

  it.each(ORDERS)('exports %s %s in the same order', async (sort, dir, expected) => {
    const response = await harness.app.inject({
      method: 'GET',
      url: `/api/devices/export.csv?sort=${sort}&dir=${dir}&columns=deviceId,batteryHealth,osVersion`,
    });
    expect(response.statusCode, response.body.slice(0, 200)).toBe(200);
    const lines = response.body
      .replace(/^\uFEFF/, '')
      .split('\r\n')
      .filter((line) => line !== '');
    const rows = lines.slice(1).map((line) => line.split(','));
    expect(rows.map((row) => row[0])).toEqual(expected);
    // Battery health as the table words it, then Google's own value for scripts.
    const byId = new Map(
      FLEET.map(([id, battery, osVersion]) => [
        id,
        [id, battery ? humanizeGoogleValue(battery) : '', battery ?? '', osVersion ?? ''],
      ]),
    );
    expect(rows).toEqual(expected.map((id) => byId.get(id)));
  });

  it('refuses a page link written before the sort keys with the reload message', async () => {
    for (const cursor of [
      cursorOf('batteryHealth', 'asc', 'BATTERY_HEALTH_NORMAL', 'd01'),
      cursorOf('batteryHealth', 'desc', 'BATTERY_REPLACE_SOON', 'd03'),
      cursorOf('osVersion', 'asc', '10.0.0', 'd03'),
      cursorOf('osVersion', 'desc', '120.0.6099.235', 'd05'),
    ]) {
      const [sort, dir] = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as string[];
      const response = await harness.app.inject({
        method: 'GET',
        url: `/api/devices?sort=${sort}&dir=${dir}&limit=2&cursor=${cursor}`,
      });
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json<{ message: string }>().message).toContain('Reload the list');
    }
    // A position among the blanks means the same with or without the keys.
    const blank = await get(
      `/api/devices?sort=osVersion&dir=asc&limit=5&cursor=${cursorOf('osVersion', 'asc', null, 'd10')}`,
    );
    expect(blank.devices.map((device) => device.deviceId)).toEqual(['d11']);
  });

  it('leaves the battery and version filters and the battery facet as they were', async () => {
    const ids = async (q: string) =>
      (await get(`/api/devices?q=${encodeURIComponent(q)}&sort=deviceId&limit=100`)).devices.map(
        (device) => device.deviceId,
      );
    expect(await ids('battery:replace_now')).toEqual(['d07']);
    expect(await ids('battery:replace_soon,replace_now')).toEqual(['d02', 'd03', 'd07', 'd11']);
    expect(await ids('battery:unknown')).toEqual(['d04', 'd06', 'd09']);
    expect(await ids('chrome_version:120')).toEqual(['d04', 'd05', 'd06']);
    expect(await ids('chrome_version:8512;prefix')).toEqual(['d01', 'd07']);

    const response = await harness.app.inject({ method: 'GET', url: '/api/devices/facets' });
    const { facets } = response.json<FacetsResponse>();
    expect(
      Object.fromEntries(facets.batteryHealth.map((bucket) => [String(bucket.value), bucket.count])),
    ).toEqual({
      BATTERY_HEALTH_NORMAL: 4,
      BATTERY_REPLACE_SOON: 3,
      BATTERY_REPLACE_NOW: 1,
      BATTERY_HEALTH_UNSPECIFIED: 1,
      null: 2,
    });
  });

  it('moves a device when telemetry changes its battery state, as a sync writes it', async () => {
    const db = testDb.database.db;
    const org = 'org-sort-telemetry';
    await seedDevices(db, [
      { id: 't1', org, battery: 'BATTERY_HEALTH_NORMAL' },
      { id: 't2', org, battery: 'BATTERY_HEALTH_NORMAL' },
      { id: 't3', org, battery: null },
    ]);
    await writeTelemetryPage(
      db,
      org,
      [
        {
          device_id: 't3',
          sampled_at: '2026-03-01T07:00:00.000Z',
          battery_health: 'BATTERY_REPLACE_NOW',
          battery_cycle_count: 900,
          battery_full_charge_capacity: null,
          battery_design_capacity: null,
          battery_capacity_percent: null,
          storage_free_bytes: null,
          storage_total_bytes: null,
          memory_free_bytes: null,
          memory_total_bytes: null,
          cpu_utilization_percent: null,
          os_update_state: null,
        },
      ],
      { updateDevices: true },
    );
    const before = harness.caller;
    harness.caller = { ...before, orgId: org };
    try {
      const page = await get('/api/devices?sort=batteryHealth&dir=asc&limit=10');
      expect(page.devices.map((device) => device.deviceId)).toEqual(['t3', 't1', 't2']);
    } finally {
      harness.caller = before;
    }
  });
});
