import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  listDevicesResponseSchema,
  type ListDevicesResponse,
  type ResolveDevicesResponse,
} from '@fleetdeck/shared/fleet-contract';
import { FLEET_COLUMNS, FLEET_LIST_LIMITS } from '@fleetdeck/shared/fleet-columns';
import { COLUMN_SQL } from '../src/modules/fleet/device-keyset.ts';
import { exportFileName } from '../src/modules/fleet/device-export.ts';
import { readDevicePage } from '../src/modules/fleet/device-list.ts';
import { compileDeviceQuery } from '../src/modules/fleet/device-query-sql.ts';
import { DEVICE_ROW_FIELDS, presentDeviceRow } from '../src/modules/fleet/device-row-presenter.ts';
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

const SORTABLE = FLEET_COLUMNS.filter((column) => column.sortable).map((column) => column.id);

/** A small fleet with repeated values and gaps in every sortable column. */
function fleet(): SeedDevice[] {
  const devices: SeedDevice[] = [];
  const pick = <T>(i: number, values: readonly T[]): T => values[i % values.length] as T;
  for (let i = 0; i < 47; i += 1) {
    devices.push({
      id: `dev-${String((i * 37) % 101).padStart(3, '0')}`,
      serial: i % 11 === 0 ? null : `sn${String(i).padStart(3, '0')}`,
      asset: pick(i, ['a1', 'a2', null, 'a3']),
      status: pick(i, ['ACTIVE', 'ACTIVE', 'DISABLED', null]),
      model: pick(i, ['m1', 'm2', null]),
      ou: pick(i, ['/a', '/a/b', '/c', null]),
      user: pick(i, ['u1', null, 'u2', 'u3', 'u1']),
      recentUser: pick(i, [null, 'r1@x.edu', 'r2@x.edu']),
      location: pick(i, ['l1', 'l2', null, null]),
      syncedDaysAgo: pick(i, [1, 2, null, 3, 1]),
      aueInDays: pick(i, [10, null, 20, 10]),
      osVersion: pick(i, ['120.0', '121.0', null]),
      compliance: pick(i, ['compliant', null, 'pending']),
      battery: pick(i, ['BATTERY_HEALTH_NORMAL', null, 'BATTERY_REPLACE_SOON', null]),
    });
  }
  return devices;
}

/** One `GET /api/devices` answer that must succeed. */
async function listPage(harness: FleetHarness, url: string): Promise<ListDevicesResponse> {
  const response = await harness.app.inject({ method: 'GET', url });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<ListDevicesResponse>();
}

describe(`device list pages, resolve and export (${backendName})`, () => {
  let testDb: TestDatabase;
  let harness: FleetHarness;

  beforeAll(async () => {
    testDb = await createTestDatabase();
    await seedOrgUnits(testDb.database.db, ORG, ['/', '/a', '/a/b', '/c']);
    await seedDevices(testDb.database.db, [
      ...fleet(),
      { id: 'other-1', org: OTHER_ORG, serial: 'sn001', asset: 'a1' },
      {
        id: 'exp-1',
        serial: 'EXP1',
        asset: '=HYPERLINK("x")',
        notes: 'line one\nline "two", three',
        status: 'INACTIVE',
        user: '+1 555',
        location: '@home',
      },
    ]);
    harness = await buildFleetApp(testDb.database.db);
  });
  afterAll(async () => {
    await harness.app.close();
    await testDb.cleanup();
  });

  const page = (url: string) => listPage(harness, url);

  async function expectedOrder(column: string, dir: 'asc' | 'desc', q = ''): Promise<string[]> {
    // Devices without a value come last in both directions.
    const nulls = 'nulls last';
    const status = q === '' ? sql`` : sql`and status = 'ACTIVE'`;
    const { rows } = await sql<{ device_id: string }>`
      select device_id from fleet_device where org_id = ${ORG} and deleted_at is null ${status}
      order by ${sql.ref(column)} ${sql.raw(dir)} ${sql.raw(nulls)}, device_id ${sql.raw(dir)}`.execute(
      testDb.database.db,
    );
    return rows.map((row) => row.device_id);
  }

  it.each(SORTABLE.flatMap((sort) => [[sort, 'asc'] as const, [sort, 'desc'] as const]))(
    'walks every page sorted by %s %s without gaps or repeats',
    async (sort, dir) => {
      const seen: string[] = [];
      let cursor: string | null = null;
      let pages = 0;
      do {
        const url: string = `/api/devices?sort=${sort}&dir=${dir}&limit=4&q=status:ACTIVE${cursor ? `&cursor=${cursor}` : ''}`;
        const body = await page(url);
        if (pages === 0) expect(body.total).toEqual({ value: 24, exact: true });
        else expect(body.total).toBeNull();
        seen.push(...body.devices.map((device) => device.deviceId));
        cursor = body.nextCursor;
        pages += 1;
      } while (cursor !== null && pages < 50);
      expect(seen).toEqual(await expectedOrder(COLUMN_SQL[sort].column, dir, 'status:ACTIVE'));
    },
  );

  // The database gathers a page's rows in pieces of 25 (decision 024): pages of 30 span two, on a
  // counted first page (30, then the rest) and on a following one (5, 30, then the rest).
  it.each([['serialNumber', 'asc'] as const, ['model', 'desc'] as const, ['lastSync', 'asc'] as const])(
    'walks pages longer than one gathered piece sorted by %s %s',
    async (sort, dir) => {
      const expected = await expectedOrder(COLUMN_SQL[sort].column, dir);
      expect(expected.length).toBeGreaterThan(5 + 30);
      for (const firstLimit of [30, 5]) {
        const first = await page(`/api/devices?sort=${sort}&dir=${dir}&limit=${firstLimit}`);
        expect(first.total).toEqual({ value: expected.length, exact: true });
        const seen = first.devices.map((device) => device.deviceId);
        let cursor = first.nextCursor;
        while (cursor !== null && seen.length < expected.length) {
          const next = await page(`/api/devices?sort=${sort}&dir=${dir}&limit=30&cursor=${cursor}`);
          seen.push(...next.devices.map((device) => device.deviceId));
          cursor = next.nextCursor;
        }
        expect(cursor).toBeNull();
        expect(seen).toEqual(expected);
      }
    },
  );

  it('rejects a cursor from another sort, a forged cursor and an unsortable column', async () => {
    const first = await page('/api/devices?sort=model&limit=2');
    const wrong = await harness.app.inject({
      method: 'GET',
      url: `/api/devices?sort=status&limit=2&cursor=${first.nextCursor}`,
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json<{ message: string }>().message).toContain('Reload the list');
    const forged = await harness.app.inject({ method: 'GET', url: '/api/devices?cursor=bm9wZQ' });
    expect(forged.statusCode).toBe(400);
    const unsortable = await harness.app.inject({ method: 'GET', url: '/api/devices?sort=notes' });
    expect(unsortable.statusCode).toBe(400);
    const tooMany = await harness.app.inject({ method: 'GET', url: '/api/devices?limit=501' });
    expect(tooMany.statusCode).toBe(400);
  });

  it('returns rows in the contract shape', async () => {
    const body = await page('/api/devices?q=serial:EXP1');
    expect(listDevicesResponseSchema.parse(body)).toEqual(body);
    expect(listDevicesResponseSchema.parse(await page('/api/devices?limit=500'))).toBeTruthy();
    expect(body.devices[0]).toMatchObject({
      deviceId: 'exp-1',
      serialNumber: 'EXP1',
      status: 'INACTIVE',
      annotatedLocation: '@home',
      storageFreeBytes: null,
    });
    expect(typeof body.devices[0]?.updatedAt).toBe('string');
  });

  it('returns only the asked columns and the identity with columns=', async () => {
    const body = await page('/api/devices?q=serial:EXP1&columns=status,annotatedLocation,lastSync');
    expect(listDevicesResponseSchema.parse(body)).toEqual(body);
    expect(Object.keys(body.devices[0] ?? {}).sort()).toEqual([
      'annotatedLocation',
      'deviceId',
      'lastSync',
      'serialNumber',
      'status',
    ]);
    const full = await page('/api/devices?q=serial:EXP1');
    expect(body.devices[0]).toEqual({
      deviceId: full.devices[0]?.deviceId,
      serialNumber: full.devices[0]?.serialNumber,
      status: full.devices[0]?.status,
      annotatedLocation: full.devices[0]?.annotatedLocation,
      lastSync: full.devices[0]?.lastSync,
    });
    const unknown = await harness.app.inject({ method: 'GET', url: '/api/devices?columns=status,password' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json<{ message: string }>().message).toContain('"password"');
  });

  it('has a presented field for every column of the table (pages and the export read the same table)', () => {
    const fields = new Set<string>(DEVICE_ROW_FIELDS.map(([key]) => key));
    expect(FLEET_COLUMNS.map((column) => column.id).filter((id) => !fields.has(id))).toEqual([]);
  });

  it('renders rows in the database exactly as the JavaScript presenter does', async () => {
    // Every kind of value: milliseconds and time zones, dates, bigints, reals, quotes and non-ASCII text.
    await seedDevices(testDb.database.db, [{ id: 'fmt-1', serial: 'FMT1' }]);
    await sql`update fleet_device set
        notes = ${'Café "lab" \\ cart\nline 2 ☃'}, battery_capacity_percent = 87.3, battery_cycle_count = 412,
        storage_free_bytes = 9007199254740, storage_total_bytes = 64000000000, ram_total_bytes = 8589934592,
        last_sync = '2026-03-01T23:59:59.123456+05:30', first_enrollment_time = '2019-12-31T23:00:00.5Z',
        last_enrollment_time = '2024-02-29T00:00:00Z', manufacture_date = '2019-02-28', aue_date = '2031-06-01',
        mac_address = 'a0:b1:c2:d3:e4:f5', lan_ip = '10.0.0.7', wan_ip = '203.0.113.9', platform_version = '15964.59.0',
        firmware_version = 'Google_X.1.2', boot_mode = 'Dev', os_update_state = 'OS_UP_TO_DATE', license_type = 'annual'
      where org_id = ${ORG} and device_id = 'fmt-1'`.execute(testDb.database.db);
    for (const query of ['q=serial:FMT1', 'limit=500&sort=lastSync&dir=desc']) {
      const body = await page(`/api/devices?${query}`);
      const params = new URLSearchParams(query);
      const where = await compileDeviceQuery(
        testDb.database.db,
        { orgId: ORG, ouPaths: ['/'] },
        params.get('q') ?? '',
      );
      const stored = await readDevicePage(testDb.database.db, {
        where,
        sort: (params.get('sort') ?? 'serialNumber') as 'lastSync',
        dir: (params.get('dir') ?? 'asc') as 'asc',
        limit: 500,
      });
      expect(body.devices).toEqual(stored.rows.map(presentDeviceRow));
    }
    const [formatted] = (await page('/api/devices?q=serial:FMT1')).devices;
    // The export writes the values as the table reads them, each formatted one followed by its stored value.
    const csvColumns = [
      'lastSync',
      'manufactureDate',
      'batteryCapacityPercent',
      'storageFreeBytes',
      'notes',
    ] as const;
    const csv = await harness.app.inject({
      method: 'GET',
      url: `/api/devices/export.csv?q=serial:FMT1&columns=${csvColumns.join(',')}`,
    });
    const [header, line] = csv.body.replace(/^\uFEFF/, '').split('\r\n');
    expect(header).toBe(
      'Last sync,"Last sync (UTC, ISO 8601)",Manufactured,Manufactured (ISO 8601),Battery capacity,' +
        'Battery capacity (number),Storage free,Storage free (bytes),Notes',
    );
    expect(line).toBe(
      '"Mar 1, 2026, 6:29 PM UTC",2026-03-01T18:29:59.123Z,"Feb 28, 2019",2019-02-28,87 %,87.3,' +
        '8.2 TB,9007199254740,"Café ""lab"" \\ cart\nline 2 ☃"',
    );
    await sql`delete from fleet_device where device_id = 'fmt-1'`.execute(testDb.database.db);
    expect(formatted).toMatchObject({
      lastSync: '2026-03-01T18:29:59.123Z',
      firstEnrollmentTime: '2019-12-31T23:00:00.500Z',
      manufactureDate: '2019-02-28',
      batteryCapacityPercent: 87.3,
      storageFreeBytes: 9007199254740,
      notes: 'Café "lab" \\ cart\nline 2 ☃',
    });
  });

  it('resolves a pasted list exactly: none, one, many, duplicates, other organizations', async () => {
    const response = await harness.app.inject({
      method: 'POST',
      url: '/api/devices/resolve',
      payload: { text: ' SN001 \n"sn002"\nsn0\n\nsn001\nmissing\nA1' },
    });
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json<ResolveDevicesResponse>();
    const byLine = new Map(body.lines.map((line) => [line.line, line]));
    expect(byLine.get(1)).toMatchObject({
      input: 'SN001',
      normalized: 'sn001',
      matchCount: 1,
      duplicateOfLine: null,
    });
    expect(byLine.get(1)?.matches[0]).toMatchObject({ serialNumber: 'sn001', matchedOn: 'serial' });
    expect(byLine.get(2)).toMatchObject({ normalized: 'sn002', matchCount: 1 });
    expect(byLine.get(3)).toMatchObject({ matchCount: 0 });
    expect(byLine.has(4)).toBe(false);
    expect(byLine.get(5)).toMatchObject({ matchCount: 1, duplicateOfLine: 1 });
    expect(byLine.get(6)).toMatchObject({ matchCount: 0 });
    const a1 = byLine.get(7);
    expect(a1?.matchCount).toBeGreaterThan(1);
    expect(a1?.matches.length).toBeLessThanOrEqual(5);
    expect(a1?.matches.every((m) => m.matchedOn === 'assetId' && m.deviceId !== 'other-1')).toBe(true);
    // Line 5 repeats line 1: counted once, as a duplicate.
    expect(body.summary).toEqual({ none: 2, one: 2, many: 1, duplicates: 1 });
    expect(body.uniqueDeviceIds).toHaveLength(2);
    expect(body.uniqueDeviceIds).not.toContain('other-1');
  });

  it('resolves a CSV column by header, by name and by index, and by serial only', async () => {
    const csv = 'Name,Serial Number,Asset ID\r\n"Doe, J",sn003,a1\r\nX,"sn004",a3\r\n';
    const byHeader = await harness.app.inject({
      method: 'POST',
      url: '/api/devices/resolve',
      payload: { text: csv },
    });
    const lines = byHeader.json<ResolveDevicesResponse>().lines;
    expect(lines.map((line) => [line.line, line.normalized, line.matchCount])).toEqual([
      [2, 'sn003', 1],
      [3, 'sn004', 1],
    ]);
    const byName = await harness.app.inject({
      method: 'POST',
      url: '/api/devices/resolve',
      payload: { text: csv, column: 'asset id', by: 'serial' },
    });
    expect(byName.json<ResolveDevicesResponse>().summary.none).toBe(2);
    const byIndex = await harness.app.inject({
      method: 'POST',
      url: '/api/devices/resolve',
      payload: { text: 'x;sn005\ny;sn006', column: '2' },
    });
    expect(byIndex.json<ResolveDevicesResponse>().lines.map((line) => line.normalized)).toEqual([
      'sn005',
      'sn006',
    ]);
    const badColumn = await harness.app.inject({
      method: 'POST',
      url: '/api/devices/resolve',
      payload: { text: csv, column: 'Room' },
    });
    expect(badColumn.statusCode).toBe(400);
  });

  it('scopes resolution to a viewer’s OUs', async () => {
    harness.caller = { ...harness.caller, ouPaths: ['/c'] };
    try {
      const response = await harness.app.inject({
        method: 'POST',
        url: '/api/devices/resolve',
        payload: { text: 'a1\na2\na3' },
      });
      const body = response.json<ResolveDevicesResponse>();
      const { rows } = await sql<{ n: number }>`select count(*)::int as n from fleet_device
        where org_id = ${ORG} and org_unit_path = '/c' and annotated_asset_id in ('a1', 'a2', 'a3')`.execute(
        testDb.database.db,
      );
      expect(body.lines.reduce((sum, line) => sum + line.matchCount, 0)).toBe(rows[0]?.n);
      expect(body.lines.flatMap((line) => line.matches).every((m) => m.orgUnitPath === '/c')).toBe(true);
    } finally {
      harness.caller = { ...harness.caller, ouPaths: ['/'] };
    }
  });

  it('names an export after its query, with nothing but letters, digits and dashes', () => {
    expect(exportFileName('', '2026-11-23')).toBe('fleetdeck-devices-2026-11-23.csv');
    expect(exportFileName('ou:"/North High" aue:<6m', '2026-11-23')).toBe(
      'fleetdeck-devices-ou-north-high-aue-6m-2026-11-23.csv',
    );
    expect(exportFileName('"; filename="x.exe', '2026-11-23')).toBe(
      'fleetdeck-devices-filename-x-exe-2026-11-23.csv',
    );
    expect(exportFileName('a'.repeat(500), '2026-11-23')).toHaveLength('fleetdeck-devices-'.length + 60 + 15);
  });

  it('exports every matching row as CSV with escaping, a formula guard and an audit entry', async () => {
    const response = await harness.app.inject({
      method: 'GET',
      url: '/api/devices/export.csv?q=-status:DISABLED&columns=serialNumber,annotatedAssetId,notes,annotatedUser,annotatedLocation',
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-disposition']).toMatch(
      /^attachment; filename="fleetdeck-devices-status-disabled-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    const text = response.body.replace(/^\uFEFF/, '');
    const [header, ...rest] = text.split('\r\n');
    expect(header).toBe('Serial number,Asset ID,Notes,User,Location');
    const { rows } = await sql<{ n: number }>`select count(*)::int as n from fleet_device
      where org_id = ${ORG} and status is distinct from 'DISABLED'`.execute(testDb.database.db);
    // One record per device (the note's bare \n stays inside its quoted cell), then the final CRLF.
    expect(rest.length).toBe((rows[0]?.n ?? 0) + 1);
    expect(text).toContain(`EXP1,"'=HYPERLINK(""x"")","line one\nline ""two"", three",'+1 555,'@home`);
    const audit = await testDb.database.db
      .selectFrom('audit_log')
      .select(['action', 'details', 'actor_user_id'])
      .where('action', '=', 'fleet.export')
      .execute();
    const thisExport = audit.filter(
      (entry) => (entry.details as { query?: string }).query === '-status:DISABLED',
    );
    expect(thisExport).toHaveLength(1);
    expect(thisExport[0]?.details).toMatchObject({ query: '-status:DISABLED', rows: rows[0]?.n });
    const badColumn = await harness.app.inject({
      method: 'GET',
      url: '/api/devices/export.csv?columns=serialNumber,bogus',
    });
    expect(badColumn.statusCode).toBe(400);
  });
});

/** More devices than the exact-count threshold and than one export batch (2,000 rows) of a query. */
describe(`a fleet above the exact-count threshold (${backendName})`, () => {
  const MANY_ORG = 'org-many';
  const SIZE = FLEET_LIST_LIMITS.exactCountThreshold + 1_500;
  let testDb: TestDatabase;
  let harness: FleetHarness;

  beforeAll(async () => {
    testDb = await createTestDatabase();
    const db = testDb.database.db;
    await seedOrgUnits(db, MANY_ORG, ['/', '/North', '/North/Lab', '/South']);
    // Four in five devices under /North (and its Lab), the rest in /South; models repeat so a sort by
    // model has long runs of equal values across page and batch boundaries.
    await sql`
      insert into fleet_device (org_id, device_id, customer_id, serial_number, status, model, org_unit_path,
        raw, content_hash)
      select ${MANY_ORG}, 'many-' || lpad(i::text, 5, '0'), 'C0test', 'SN' || lpad(((i * 7919) % 100000)::text, 5, '0'),
        'ACTIVE', 'Model ' || (i % 7),
        case when i % 5 = 0 then '/South' when i % 5 = 1 then '/North/Lab' else '/North' end, '{}'::jsonb, 'x'
      from generate_series(1, ${SIZE}) as i`.execute(db);
    await sql`analyze fleet_device`.execute(db);
    harness = await buildFleetApp(db);
    harness.caller = { ...harness.caller, orgId: MANY_ORG };
  });
  afterAll(async () => {
    await harness.app.close();
    await testDb.cleanup();
  });

  const page = (url: string) => listPage(harness, url);

  async function northByModel(): Promise<string[]> {
    const { rows } = await sql<{ device_id: string }>`
      select device_id from fleet_device
      where org_id = ${MANY_ORG} and (org_unit_path = '/North' or org_unit_path like '/North/%')
      order by model asc, device_id asc`.execute(testDb.database.db);
    return rows.map((row) => row.device_id);
  }

  it('estimates the count of a first page, counts exactly when asked, and pages an ou: query as SQL orders it', async () => {
    const first = await page('/api/devices?limit=50');
    expect(first.total?.exact).toBe(false);
    expect(first.total?.value).toBeGreaterThanOrEqual(FLEET_LIST_LIMITS.exactCountThreshold);
    expect((await page('/api/devices?limit=50&count=exact')).total).toEqual({ value: SIZE, exact: true });

    const expected = await northByModel();
    expect(expected.length).toBeGreaterThan(FLEET_LIST_LIMITS.exactCountThreshold);
    const q = encodeURIComponent('ou:/North');
    const firstNorth = await page(`/api/devices?q=${q}&sort=model&limit=500`);
    expect(firstNorth.total?.exact).toBe(false);
    const seen = firstNorth.devices.map((device) => device.deviceId);
    let cursor = firstNorth.nextCursor;
    while (cursor !== null && seen.length <= expected.length) {
      const next = await page(`/api/devices?q=${q}&sort=model&limit=500&count=none&cursor=${cursor}`);
      seen.push(...next.devices.map((device) => device.deviceId));
      cursor = next.nextCursor;
    }
    expect(seen).toEqual(expected);
    expect((await page(`/api/devices?q=${q}&count=exact&limit=1`)).total).toEqual({
      value: expected.length,
      exact: true,
    });
  });

  it('exports every row of a query across read batches in the table’s order', async () => {
    const response = await harness.app.inject({
      method: 'GET',
      url: `/api/devices/export.csv?q=${encodeURIComponent('ou:/North')}&sort=model&columns=deviceId,model`,
    });
    expect(response.statusCode, response.body.slice(0, 200)).toBe(200);
    const lines = response.body
      .replace(/^\uFEFF/, '')
      .split('\r\n')
      .filter((line) => line !== '');
    const ids = lines.slice(1).map((line) => line.split(',')[0]);
    const expected = await northByModel();
    // Several batches of 2,000: no device repeated or skipped where one batch ends and the next begins.
    expect(expected.length).toBeGreaterThan(2 * 2_000);
    expect(ids).toHaveLength(expected.length);
    expect(ids).toEqual(expected);
  });
});
