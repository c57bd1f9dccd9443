import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FACET_IDS, type FacetsResponse, type ListDevicesResponse } from '@fleetdeck/shared/fleet-contract';
import { backendName, createTestDatabase, type TestDatabase } from './test-database.ts';
import {
  buildFleetApp,
  ORG,
  OTHER_ORG,
  seedDevices,
  seedOrgUnits,
  type FleetHarness,
} from './devices-fleet-harness.ts';
import { sql } from 'kysely';
import { readFacets } from '../src/modules/fleet/device-facets.ts';
import { selectMatchingDeviceIds } from '../src/modules/fleet/device-query-sql.ts';
import { DEVICE_SEARCH_TEXT } from '../src/modules/fleet/device-query-terms.ts';

const GB = 1024 ** 3;

describe(`device query language over the API (${backendName})`, () => {
  let testDb: TestDatabase;
  let harness: FleetHarness;

  beforeAll(async () => {
    testDb = await createTestDatabase();
    const db = testDb.database.db;
    await seedOrgUnits(db, ORG, [
      '/',
      '/North',
      '/North/Lab',
      '/Northwest',
      '/South High',
      '/South High/Room 1',
    ]);
    await seedOrgUnits(db, OTHER_ORG, ['/', '/North']);
    await seedDevices(db, [
      {
        id: 'd01',
        serial: '5CD123ABC',
        asset: 'A-1001',
        model: 'HP Chromebook 11 G9',
        ou: '/North',
        user: 'Tom Sawyer',
        location: 'Seattle library',
        notes: 'loaned from John',
        syncedDaysAgo: 2,
        registeredOn: '2023-03-23',
        aueInDays: 100,
        osVersion: '111.0.5563.72',
        compliance: 'compliant',
        bootMode: 'Verified',
        battery: 'BATTERY_HEALTH_NORMAL',
        storageTotal: 64 * GB,
        storageFree: 3 * GB,
        // What a "4 GB" Chromebook reports: a little under 4 GiB.
        ram: 3_977_138_176,
        mac: 'b4692118c676',
        recentUser: 'tom@example.edu',
        license: 'education',
        raw: { meid: '35123456789', cpuInfo: [{ model: 'Intel Celeron N4500' }] },
      },
      {
        id: 'd02',
        serial: '5CD999XYZ',
        asset: 'A-1002',
        model: 'HP Chromebook 11 G9',
        ou: '/North/Lab',
        user: 'A. Tom Sawyer',
        syncedDaysAgo: 40,
        aueInDays: -10,
        osVersion: '112.0.1',
        compliance: 'pending',
        updateState: 'updateStateNeedReboot',
        bootMode: 'Dev',
        battery: 'BATTERY_REPLACE_SOON',
        storageTotal: 32 * GB,
        storageFree: 20 * GB,
        ram: 8 * GB,
        ethernetMac: 'E8EA6A157981',
        license: 'enterpriseUpgrade',
      },
      {
        id: 'd03',
        serial: 'NXHQ0001',
        asset: '=cmd|calc',
        model: 'Acer Chromebook Spin 714',
        ou: '/Northwest',
        user: 'Tom A. Sawyer',
        syncedDaysAgo: 100,
        aueInDays: 300,
        osVersion: '121.0.1',
        compliance: 'notCompliant',
        updateState: 'updateStateNotStarted',
        battery: 'BATTERY_REPLACE_NOW',
        storageTotal: 128 * GB,
        storageFree: 60 * GB,
      },
      {
        id: 'd04',
        serial: 'NXHQ0002',
        status: 'DISABLED',
        model: 'Acer Chromebook Spin 714',
        ou: '/South High/Room 1',
        user: 'Joey',
        syncedDaysAgo: null,
        aueInDays: 800,
        notes: 'He said "hi", then left',
      },
      {
        id: 'd05',
        serial: 'PF0AAAA1',
        status: 'DEPROVISIONED',
        model: 'Lenovo 100e',
        ou: '/South High',
        syncedDaysAgo: null,
      },
      {
        id: 'd06',
        serial: 'PF0AAAA2',
        status: 'PRE_PROVISIONED',
        model: null,
        ou: '/',
        user: 'joe',
        syncedDaysAgo: null,
      },
      { id: 'd07', serial: 'PF0_%AA3', model: 'Lenovo 100e', ou: '/North', syncedDaysAgo: 5 },
      { id: 'd08', serial: 'GONE0001', deleted: true, ou: '/North' },
      { id: 'x01', org: OTHER_ORG, serial: '5CD123ABD', model: 'HP Chromebook 11 G9', ou: '/North' },
    ]);
    harness = await buildFleetApp(db);
  });
  afterAll(async () => {
    await harness.app.close();
    await testDb.cleanup();
  });

  async function list(q: string, extra = ''): Promise<ListDevicesResponse> {
    const response = await harness.app.inject({
      method: 'GET',
      url: `/api/devices?q=${encodeURIComponent(q)}&sort=deviceId${extra}`,
    });
    expect(response.statusCode, `${q}: ${response.body}`).toBe(200);
    return response.json<ListDevicesResponse>();
  }

  async function ids(q: string): Promise<string[]> {
    return (await list(q)).devices.map((device) => device.deviceId);
  }

  it.each([
    ['', ['d01', 'd02', 'd03', 'd04', 'd05', 'd06', 'd07']],
    ['status:ACTIVE', ['d01', 'd02', 'd03', 'd07']],
    ['status:provisioned', ['d01', 'd02', 'd03', 'd07']],
    ['status:managed', ['d01', 'd02', 'd03', 'd04', 'd06', 'd07']],
    ['status:disabled,deprovisioned', ['d04', 'd05']],
    ['-status:ACTIVE', ['d04', 'd05', 'd06']],
    ['id:5cd', ['d01', 'd02']],
    ['id:_%A', ['d07']],
    ['serial:nxhq0001', ['d03']],
    ['asset_id:100', ['d01', 'd02']],
    ['user:tom', ['d01', 'd02', 'd03']],
    ['user:"tom sawyer"', ['d01', 'd02']],
    ['user:joe', ['d06']],
    ['location:seattle', ['d01']],
    ['note:"loaned from john"', ['d01']],
    ['note:\'"hi"\'', ['d04']],
    ['model:"hp chromebook 11 g9"', ['d01', 'd02']],
    ['model:"HP Chromebook"', []],
    ['public_model_name:spin', ['d03', 'd04']],
    ['recent_user:TOM@example.edu', ['d01']],
    ['sync:..2000-01-01', []],
    [`sync:..${new Date(Date.now() - 20 * 86_400_000).toISOString().slice(0, 10)}`, ['d02', 'd03']],
    [
      `sync:${new Date(Date.now() - 50 * 86_400_000).toISOString().slice(0, 10)}..${new Date(Date.now() - 20 * 86_400_000).toISOString().slice(0, 10)}`,
      ['d02'],
    ],
    [`sync:${new Date(Date.now() - 10 * 86_400_000).toISOString().slice(0, 10)}..`, ['d01', 'd07']],
    ['register:2023-03-23', ['d01']],
    ['register:2023-03-24..', []],
    ['last_user_activity:2000-01-01..', ['d01', 'd02', 'd03', 'd07']],
    ['stale:30d', ['d02', 'd03', 'd04', 'd05', 'd06']],
    ['stale:13w', ['d03', 'd04', 'd05', 'd06']],
    ['status:ACTIVE stale:90d', ['d03']],
    ['active:7d', ['d01', 'd07']],
    ['aue:expired', ['d02']],
    ['aue:<6m', ['d01']],
    ['aue:<12m', ['d01', 'd03']],
    ['aue:unknown', ['d05', 'd06', 'd07']],
    [`aue:..${new Date(Date.now() + 200 * 86_400_000).toISOString().slice(0, 10)}`, ['d01', 'd02']],
    ['battery:replace_soon', ['d02']],
    ['battery:BATTERY_REPLACE_NOW,normal', ['d01', 'd03']],
    ['battery:unknown', ['d04', 'd05', 'd06', 'd07']],
    ['compliance:compliant', ['d01']],
    ['compliance:pending_update', ['d02']],
    ['compliance:not_compliant', ['d03']],
    ['update_status:pending_update', ['d02', 'd03']],
    ['update_status:os_update_need_reboot', ['d02']],
    ['update_status:default_os_up_to_date status:ACTIVE', ['d01', 'd07']],
    ['boot_mode:dev', ['d02']],
    ['boot_mode:VERIFIED', ['d01']],
    ['storage_free:..10%', ['d01']],
    ['storage_free:..5GB', ['d01']],
    ['storage_free:50%..', ['d02']],
    ['storage:..64GB', ['d01', 'd02']],
    ['storage:100GB..', ['d03']],
    ['ram:6GB..', ['d02']],
    ['ram:4GB', ['d01']],
    ['ram:8GB', ['d02']],
    ['ram:3977138176', ['d01']],
    ['ram:4294967296', []],
    ['chrome_version:111', ['d01']],
    ['chrome_version:11', ['d01', 'd02']],
    ['chrome_version:12;prefix', ['d03']],
    ['wifi_mac:B4:69:21:18:C6:76', ['d01']],
    ['ethernet_mac:e8ea6a157981', ['d02']],
    ['cpu_model_name:celeron', ['d01']],
    ['meid:12345', ['d01']],
    ['sku:education', ['d01']],
    ['license_sku:standalone_chrome_enterprise_upgrade', ['d02']],
    ['policy_status:false', ['d02']],
    ['policy_status:true', ['d01', 'd03', 'd04', 'd05', 'd06', 'd07']],
    ['device_id:d03', ['d03']],
    ['device_id:x01', []],
    ['ou:/North', ['d01', 'd02', 'd07']],
    ['ou:/north', ['d01', 'd02', 'd07']],
    ['ou:=/North', ['d01', 'd07']],
    ['ou:"/South High"', ['d04', 'd05']],
    ['ou:="/South High"', ['d05']],
    ['ou:/', ['d01', 'd02', 'd03', 'd04', 'd05', 'd06', 'd07']],
    ['-ou:/North', ['d03', 'd04', 'd05', 'd06']],
    ['has:model -has:asset_id', ['d04', 'd05', 'd07']],
    ['-has:model', ['d06']],
    ['seattle', ['d01']],
    ['"11 G9"', ['d01', 'd02']],
    ['lenovo -pf0aaaa1', ['d07']],
    ['_%', ['d07']],
    ['a-100', ['d01', 'd02']],
    ['5cd123abd', []],
  ])('%s', async (q, expected) => {
    expect(await ids(q)).toEqual(expected);
  });

  it.each([
    ['stauts:ACTIVE', 0, 'stauts:ACTIVE', 'Did you mean "status"?'],
    ['status:ACTIVE sync:2023-02-30', 19, 'sync:2023-02-30', 'Invalid date'],
    ['aue:2028-01-01..2027-01-01', 4, 'aue:2028-01-01..2027-01-01', 'Invalid range'],
    ['ram:9GB..1GB', 4, 'ram:9GB..1GB', 'Invalid range'],
    ['user:"tom', 5, 'user:"tom', 'Unterminated quote'],
    ['location:', 8, 'location:', 'Empty value'],
  ])('answers 400 with the term and its position for %s', async (q, start, term, text) => {
    const response = await harness.app.inject({
      method: 'GET',
      url: `/api/devices?q=${encodeURIComponent(q)}`,
    });
    expect(response.statusCode).toBe(400);
    const body = response.json<{ message: string; details: { query: { start: number; term: string }[] } }>();
    expect(body.message).toContain(text);
    expect(body.details.query[0]?.start).toBe(start);
    expect(body.details.query[0]?.term).toBe(term);
  });

  it('answers 400 for 10 KB of junk, on the list, facets and export', async () => {
    const junk = '%$#:"'.repeat(2048);
    for (const path of ['/api/devices', '/api/devices/facets', '/api/devices/export.csv']) {
      const response = await harness.app.inject({
        method: 'GET',
        url: `${path}?q=${encodeURIComponent(junk)}`,
      });
      expect(response.statusCode, path).toBe(400);
      const body = response.json<{ message: string; details: { query: { start: number }[] } }>();
      expect(body.message).toContain('Query too long');
      expect(body.details.query[0]?.start).toBe(2000);
    }
    const near = `${'x'.repeat(1990)} stauts:x`;
    const response = await harness.app.inject({
      method: 'GET',
      url: `/api/devices?q=${encodeURIComponent(near)}`,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json<{ details: { query: { start: number }[] } }>().details.query[0]?.start).toBe(1991);
  });

  it('spells free text exactly as the search index does', async () => {
    // If the query's expression and the index's drift apart, the planner cannot use the index and
    // every free-text search reads the whole fleet. With only bitmap scans allowed, a usable index
    // shows in the plan; an unusable one leaves a (disabled, still chosen) sequential scan.
    const plan = await testDb.database.db.transaction().execute(async (trx) => {
      for (const setting of ['enable_seqscan', 'enable_indexscan', 'enable_indexonlyscan']) {
        await sql`select set_config(${setting}, 'off', true)`.execute(trx);
      }
      const { rows } = await sql<Record<string, string>>`
        explain select 1 from fleet_device d where ${DEVICE_SEARCH_TEXT} like '%lab%'`.execute(trx);
      return rows.map((row) => Object.values(row)[0]).join('\n');
    });
    expect(plan).toContain('fleet_device_search_trgm_idx');
  });

  it('keeps another organization and deleted devices out of every answer', async () => {
    const all = await ids('');
    expect(all).not.toContain('x01');
    expect(all).not.toContain('d08');
    const other = await selectMatchingDeviceIds(
      testDb.database.db,
      { orgId: OTHER_ORG, ouPaths: ['/'] },
      '',
      10,
    );
    expect(other).toEqual(['x01']);
  });

  it('limits a viewer to their OU subtrees', async () => {
    harness.caller = { ...harness.caller, ouPaths: ['/North'] };
    try {
      expect(await ids('')).toEqual(['d01', 'd02', 'd07']);
      expect(await ids('ou:/Northwest')).toEqual([]);
      expect(await ids('-ou:/North/Lab')).toEqual(['d01', 'd07']);
      const facets = await harness.app.inject({ method: 'GET', url: '/api/devices/facets' });
      const status = facets.json<FacetsResponse>().facets.status;
      expect(status).toEqual([{ value: 'ACTIVE', count: 3, term: 'status:ACTIVE' }]);
      const tree = await harness.app.inject({ method: 'GET', url: '/api/org-units' });
      expect(tree.json<{ orgUnits: { orgUnitPath: string }[] }>().orgUnits.map((o) => o.orgUnitPath)).toEqual(
        ['/North', '/North/Lab'],
      );
    } finally {
      harness.caller = { ...harness.caller, ouPaths: ['/'] };
    }
  });

  it('lists organizational units as a tree in natural order', async () => {
    const org = 'org-ou-order';
    await seedOrgUnits(testDb.database.db, org, [
      '/',
      '/North High',
      '/North',
      '/North/Grade 12',
      '/North/Grade 9',
      '/North/Grade 10',
      '/North/Grade 10/Room 11',
      '/North/Grade 10/Room 2',
    ]);
    harness.caller = { ...harness.caller, orgId: org };
    try {
      const tree = await harness.app.inject({ method: 'GET', url: '/api/org-units' });
      // "Grade 9" before "Grade 12"; a unit's children directly under it, before "/North High".
      expect(tree.json<{ orgUnits: { orgUnitPath: string }[] }>().orgUnits.map((o) => o.orgUnitPath)).toEqual(
        [
          '/',
          '/North',
          '/North/Grade 9',
          '/North/Grade 10',
          '/North/Grade 10/Room 2',
          '/North/Grade 10/Room 11',
          '/North/Grade 12',
          '/North High',
        ],
      );
    } finally {
      harness.caller = { ...harness.caller, orgId: ORG };
    }
  });

  it('requires fleet.read', async () => {
    harness.denied.add('fleet.read');
    try {
      for (const url of ['/api/devices', '/api/devices/facets', '/api/org-units', '/api/saved-views']) {
        expect((await harness.app.inject({ method: 'GET', url })).statusCode, url).toBe(403);
      }
    } finally {
      harness.denied.clear();
    }
  });

  it('routes static paths before the device detail', async () => {
    expect((await harness.app.inject({ method: 'GET', url: '/api/devices/facets' })).json()).toHaveProperty(
      'facets',
    );
    expect((await harness.app.inject({ method: 'GET', url: '/api/devices/d01' })).json()).toEqual({
      detail: 'd01',
    });
    const exported = await harness.app.inject({ method: 'GET', url: '/api/devices/export.csv' });
    expect(exported.headers['content-type']).toContain('text/csv');
  });

  it('counts exactly below the threshold and skips counting on request', async () => {
    expect((await list('status:ACTIVE')).total).toEqual({ value: 4, exact: true });
    expect((await list('status:ACTIVE', '&count=exact')).total).toEqual({ value: 4, exact: true });
    expect((await list('status:ACTIVE', '&count=none')).total).toBeNull();
  });

  it('pages and counts an ou: query the same as one page of it', async () => {
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const page = await list('ou:/north', `&limit=1${cursor ? `&cursor=${cursor}` : ''}`);
      seen.push(...page.devices.map((device) => device.deviceId));
      cursor = page.nextCursor;
    } while (cursor !== null && seen.length < 10);
    expect(seen).toEqual(['d01', 'd02', 'd07']);
    expect((await list('ou:/north', '&limit=1')).total).toEqual({ value: 3, exact: true });
    expect((await list('ou:/north', '&count=exact')).total).toEqual({ value: 3, exact: true });
    expect((await list('-ou:/North status:ACTIVE', '&count=exact')).total).toEqual({ value: 1, exact: true });
  });

  it('facets count the current query with terms that select each bucket', async () => {
    const response = await harness.app.inject({ method: 'GET', url: '/api/devices/facets?q=status:ACTIVE' });
    const { facets } = response.json<FacetsResponse>();
    expect(facets.model).toEqual([
      { value: 'HP Chromebook 11 G9', count: 2, term: 'model:"HP Chromebook 11 G9"' },
      { value: 'Acer Chromebook Spin 714', count: 1, term: 'model:"Acer Chromebook Spin 714"' },
      { value: 'Lenovo 100e', count: 1, term: 'model:"Lenovo 100e"' },
    ]);
    expect(facets.compliance.find((b) => b.value === 'pending')).toEqual({
      value: 'pending',
      count: 1,
      term: 'compliance:pending_update',
    });
    expect(facets.batteryHealth.find((b) => b.value === null)).toEqual({
      value: null,
      count: 1,
      term: 'battery:unknown',
    });
    expect(facets.orgUnit.find((b) => b.value === '/North')).toMatchObject({ count: 2, term: 'ou:=/North' });
    // Every bucket's term, added to the query, selects exactly its count.
    for (const bucket of [...facets.model, ...facets.orgUnit, ...facets.aueYear, ...facets.batteryHealth]) {
      expect((await list(`status:ACTIVE ${bucket.term}`)).devices.length, bucket.term).toBe(bucket.count);
    }
  });

  it('lists every value of a facet up to the cap, and says what a cut one leaves out', async () => {
    const db = testDb.database.db;
    const where = sql<boolean>`d.org_id = ${ORG} and d.deleted_at is null`;
    const { rows } = await sql<{ values: number; devices: number }>`
      select count(distinct coalesce(model, ''))::int as values, count(*)::int as devices
      from fleet_device d where ${where}`.execute(db);
    const all = rows[0] ?? { values: 0, devices: 0 };
    expect(all.values).toBeGreaterThan(2);

    const whole = await readFacets(db, where);
    expect(whole.facets.model).toHaveLength(all.values);
    expect(whole.more).toBeUndefined();

    const cut = await readFacets(db, where, undefined, 2);
    expect(cut.facets.model).toHaveLength(2);
    const listed = cut.facets.model.reduce((sum, bucket) => sum + bucket.count, 0);
    expect(cut.more?.model).toEqual({ values: all.values - 2, devices: all.devices - listed });
    // Every facet cut says how many of its values were left out; the others are whole.
    for (const facet of FACET_IDS) {
      const left = whole.facets[facet].length - 2;
      expect(cut.more?.[facet]?.values, facet).toBe(left > 0 ? left : undefined);
    }
  });
});
