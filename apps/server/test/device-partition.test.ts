import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as partitions from '../src/db/migrations/0011-fleet-device-partitions.ts';
import * as sortKeys from '../src/db/migrations/0016-fleet-sort-keys.ts';
import { writeDevicePage } from '../src/modules/fleet-store/device-page-writer.ts';
import {
  attachDevicePartition,
  devicePartitionName,
  openDeviceTarget,
  partitionIndexStatements,
} from '../src/modules/fleet-store/device-partition.ts';
import { toDeviceRow } from '../src/modules/fleet-store/device-row.ts';
import { readDeviceListPage } from '../src/modules/fleet/device-list.ts';
import { compileDeviceListQuery } from '../src/modules/fleet/device-query-sql.ts';
import { deviceRelation, type DeviceRelation } from '../src/modules/fleet/device-relation.ts';
import { startSyncEmulator, type SyncEmulator } from './sync-harness.ts';
import { backendName, createTestDatabase, type TestDatabase } from './test-database.ts';

const RUN = '00000000-0000-4000-8000-000000000002';
const SHARED_ORG = 'org-partition-shared';
const OWN_ORG = "org-partition-own'quoted";
const LOADING_ORG = 'org-partition-loading';

/**
 * A first copy is loaded into a table of its own and attached as the organization's partition;
 * rows written any other way stay in the default partition; migrations 0011 and 0016 go both ways.
 */
describe(`device partitions (${backendName})`, () => {
  let testDb: TestDatabase;
  let emulator: SyncEmulator;

  beforeAll(async () => {
    testDb = await createTestDatabase();
    emulator = await startSyncEmulator({ size: 100 });
  });
  afterAll(async () => {
    await emulator.close();
    await testDb.cleanup();
  });

  const rowsFor = async (orgId: string) =>
    (await emulator.listAllDevices()).map((device) => toDeviceRow(orgId, emulator.customerId, device));
  const count = async (orgId: string) =>
    Number(
      (
        await sql<{ n: string }>`select count(*) as n from fleet_device where org_id = ${orgId}`.execute(
          testDb.database.db,
        )
      ).rows[0]?.n,
    );
  const partitionNames = async () =>
    (
      await sql<{ name: string }>`
        select c.relname as name from pg_inherits i join pg_class c on c.oid = i.inhrelid
        where i.inhparent = 'fleet_device'::regclass order by 1`.execute(testDb.database.db)
    ).rows.map((row) => row.name);

  it('loads a first copy out of sight, then attaches it with every index of the table', async () => {
    const db = testDb.database.db;
    await writeDevicePage(db, { orgId: SHARED_ORG, runId: RUN, rows: await rowsFor(SHARED_ORG) });
    // An organization with rows already writes through the table (they are in the default partition).
    expect(await openDeviceTarget(db, SHARED_ORG)).toEqual({ table: 'fleet_device', loading: false });

    const target = await db.transaction().execute((trx) => openDeviceTarget(trx, OWN_ORG));
    expect(target).toEqual({ table: devicePartitionName(OWN_ORG), loading: true });
    const rows = await rowsFor(OWN_ORG);
    await writeDevicePage(db, { orgId: OWN_ORG, runId: RUN, rows, table: target.table });
    expect(await count(OWN_ORG)).toBe(0);
    // A resumed run finds the load table and keeps loading into it.
    expect(await openDeviceTarget(db, OWN_ORG)).toEqual(target);
    // Another organization's row cannot land in it.
    await expect(
      writeDevicePage(db, {
        orgId: SHARED_ORG,
        runId: RUN,
        rows: await rowsFor(SHARED_ORG),
        table: target.table,
      }),
    ).rejects.toThrow();

    const statements = await partitionIndexStatements(db, target.table);
    expect(statements[0]).toContain('gin_trgm_ops');
    // Built once, or again after a crash: the second round finds them all.
    for (const statement of [...statements, ...statements]) await sql.raw(statement).execute(db);
    await db.transaction().execute((trx) => attachDevicePartition(trx, OWN_ORG, target.table));

    expect(await count(OWN_ORG)).toBe(rows.length);
    expect(await count(SHARED_ORG)).toBe(rows.length);
    expect(await openDeviceTarget(db, OWN_ORG)).toEqual({ table: 'fleet_device', loading: false });
    expect(await partitionNames()).toEqual([target.table, 'fleet_device_shared'].sort());
    // Every index of the table has its counterpart on the partition, adopted rather than rebuilt.
    const indexes = await sql<{ parent: number; partition: number }>`
      select (select count(*) from pg_index where indrelid = 'fleet_device'::regclass)::int as parent,
        (select count(*) from pg_inherits i join pg_index x on x.indexrelid = i.inhrelid
          where x.indrelid = ${target.table}::regclass)::int as partition`.execute(db);
    expect(indexes.rows[0]).toEqual({ parent: statements.length + 1, partition: statements.length + 1 });
  });

  it('reads an attached organization through its own partition: the same rows, no other organization', async () => {
    const db = testDb.database.db;
    const own = await deviceRelation(db, OWN_ORG);
    expect(own.compile(db).sql).toBe(`"${devicePartitionName(OWN_ORG)}"`);
    expect((await deviceRelation(db, SHARED_ORG)).compile(db).sql).toBe('"fleet_device"');
    const page = async (orgId: string, relation?: DeviceRelation) =>
      readDeviceListPage(
        db,
        {
          where: await compileDeviceListQuery(db, { orgId, ouPaths: ['/'] }, 'status:ACTIVE'),
          relation,
          sort: 'serialNumber',
          dir: 'asc',
          limit: 500,
        },
        'exact',
      );
    const through = await page(OWN_ORG, own);
    expect(through.size).toBeGreaterThan(0);
    expect(through).toEqual(await page(OWN_ORG));
    // Another organization's WHERE read through this partition finds none of its rows.
    expect((await page(SHARED_ORG)).size).toBe(through.size);
    expect(await page(SHARED_ORG, own)).toEqual({
      devices: '',
      size: 0,
      next: null,
      total: { value: 0, exact: true },
    });
  });

  it('migration 0016 gives every partition and a first copy still loading their sort keys', async () => {
    const db = testDb.database.db;
    const untyped = db as unknown as Kysely<unknown>;
    const target = await openDeviceTarget(db, LOADING_ORG);
    expect(target.loading).toBe(true);
    await writeDevicePage(db, {
      orgId: LOADING_ORG,
      runId: RUN,
      rows: await rowsFor(LOADING_ORG),
      table: target.table,
    });
    const keyColumns = async (table: string) =>
      (
        await sql<{ name: string }>`
          select attname as name from pg_attribute
          where attrelid = ${table}::regclass and attname in ('battery_health_rank', 'os_version_key')
            and not attisdropped order by 1`.execute(db)
      ).rows.map((row) => row.name);
    /** Rows of `table` with a version and no key: none once the keys are generated. */
    const unkeyed = async (table: string) =>
      (
        await sql<{ n: number }>`
          select count(*)::int as n from ${sql.id(table)}
          where os_version is not null and os_version_key is null`.execute(db)
      ).rows[0]?.n;

    // A load table opened while the migration runs (an upgrade mid-copy) goes both ways with the table.
    await sortKeys.down(untyped);
    for (const table of ['fleet_device', 'fleet_device_shared', target.table]) {
      expect(await keyColumns(table), table).toEqual([]);
    }
    await sortKeys.up(untyped);
    for (const table of ['fleet_device', 'fleet_device_shared', devicePartitionName(OWN_ORG), target.table]) {
      expect(await keyColumns(table), table).toEqual(['battery_health_rank', 'os_version_key']);
      expect(await unkeyed(table), table).toBe(0);
    }
    expect(await count(OWN_ORG)).toBeGreaterThan(0);

    // It still attaches, with the key indexes built on it like every other.
    const statements = await partitionIndexStatements(db, target.table);
    expect(statements.join('\n')).toContain('(org_id, os_version_key, device_id)');
    for (const statement of statements) await sql.raw(statement).execute(db);
    await db.transaction().execute((trx) => attachDevicePartition(trx, LOADING_ORG, target.table));
    expect(await count(LOADING_ORG)).toBe((await rowsFor(LOADING_ORG)).length);
  });

  it('migration 0011 folds the partitions back into one table and splits it again', async () => {
    const db = testDb.database.db;
    // Migrations are written against an untyped database.
    const untyped = db as unknown as Kysely<unknown>;
    const total = (await count(SHARED_ORG)) + (await count(OWN_ORG));
    // Rolled back in order: the sort keys of 0016 first.
    await sortKeys.down(untyped);
    await partitions.down(untyped);
    expect(await partitionNames()).toEqual([]);
    expect((await count(SHARED_ORG)) + (await count(OWN_ORG))).toBe(total);
    const names = await sql<{ name: string }>`
      select indexname as name from pg_indexes where tablename = 'fleet_device' order by 1`.execute(db);
    expect(names.rows.map((row) => row.name)).toContain('fleet_device_search_trgm_idx');
    expect(names.rows.map((row) => row.name)).toContain('fleet_device_pkey');
    await partitions.up(untyped);
    await sortKeys.up(untyped);
    expect(await partitionNames()).toEqual(['fleet_device_shared']);
    expect(await count(OWN_ORG)).toBe(total / 2);
  });
});
