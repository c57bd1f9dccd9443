import { randomUUID } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as migration0012 from '../src/db/migrations/0012-sync-seen-pages.ts';
import { writeDevicePage } from '../src/modules/fleet-store/device-page-writer.ts';
import { storedJson, toDeviceRow } from '../src/modules/fleet-store/device-row.ts';
import type { CommittedPage } from '../src/modules/sync/sync-context.ts';
import { executeSyncRun } from '../src/modules/sync/sync-engine.ts';
import { createRun, getRun } from '../src/modules/sync/sync-run.repository.ts';
import {
  engineOptions,
  startSyncEmulator,
  storedDevices,
  syncOnce,
  type SyncEmulator,
} from './sync-harness.ts';
import { backendName, createTestDatabase, type TestDatabase } from './test-database.ts';

const ORG = 'org-seen-pages';

/**
 * A run records the devices it listed one row per page (migration 0012). What must hold: a page's
 * row commits with its checkpoint, a page written again is recorded once, and the sweep still
 * marks exactly the devices Google no longer has, also after an interrupted run resumed.
 */
describe(`devices seen by a run, one row per page (${backendName})`, () => {
  let testDb: TestDatabase;
  let emulator: SyncEmulator;

  beforeAll(async () => {
    testDb = await createTestDatabase();
    emulator = await startSyncEmulator({ size: 900, seed: 29 });
    await syncOnce(testDb.database, emulator, ORG, 'full');
  });
  afterAll(async () => {
    await emulator.close();
    await testDb.cleanup();
  });

  /** Per run: the page rows, the ids they hold, and how many distinct ids. */
  async function seenOf(runId: string): Promise<{ pages: number; listed: number; distinct: number }> {
    const result = await sql<{ pages: number; listed: number; distinct: number }>`
      select count(distinct s.page_key)::int as pages, count(u.id)::int as listed,
        count(distinct u.id)::int as distinct
      from fleet_device_seen_page s cross join lateral unnest(s.device_ids) as u(id)
      where s.org_id = ${ORG} and s.run_id = ${runId}::uuid`.execute(testDb.database.db);
    return result.rows[0] ?? { pages: 0, listed: 0, distinct: 0 };
  }

  async function checkpointItems(runId: string): Promise<number> {
    const result = await sql<{ items: number }>`
      select coalesce(sum(items), 0)::int as items from sync_checkpoint
      where org_id = ${ORG} and run_id = ${runId}::uuid and phase = 'devices'`.execute(testDb.database.db);
    return result.rows[0]?.items ?? 0;
  }

  /** Stores devices Google never had, as if they had been deleted there since the last run. */
  async function storeGoneDevices(count: number): Promise<string[]> {
    const [template] = await emulator.listAllDevices();
    if (!template) throw new Error('the emulator has no device');
    const ids = Array.from({ length: count }, (_, index) => `gone-${randomUUID()}-${index}`);
    const rows = ids.map((deviceId) =>
      toDeviceRow(ORG, emulator.customerId, { ...template, deviceId, serialNumber: deviceId.slice(0, 20) }),
    );
    await writeDevicePage(testDb.database.db, { orgId: ORG, runId: randomUUID(), rows });
    return ids;
  }

  it('writes one row per page, and a page written again merges into it without duplicates', async () => {
    const runId = randomUUID();
    const ids = (await storedDevices(testDb.database, ORG)).map((row) => row.device_id).slice(0, 8);
    const unchanged = ids.map((device_id) => ({ device_id, etag: null }));
    const page = { orgId: ORG, runId, rows: [], unchanged: unchanged.slice(0, 5) };
    await writeDevicePage(testDb.database.db, page);
    await writeDevicePage(testDb.database.db, page);
    expect(await seenOf(runId)).toEqual({ pages: 1, listed: 5, distinct: 5 });
    // The same page listed again with more devices on it (its first device is the key).
    await writeDevicePage(testDb.database.db, { ...page, unchanged });
    expect(await seenOf(runId)).toEqual({ pages: 1, listed: 8, distinct: 8 });
  });

  it('resumes an incremental run interrupted mid-listing: listed devices stay, gone ones are marked', async () => {
    const google = await emulator.listAllDevices();
    const patched = google.slice(40, 43);
    for (const [index, device] of patched.entries()) {
      await emulator.google.directory.patchChromeOsDevice(device.deviceId, {
        notes: `Hinge replaced ${index}`,
      });
    }
    const gone = await storeGoneDevices(2);
    const { row } = await createRun(testDb.database.db, {
      orgId: ORG,
      customerId: emulator.customerId,
      kind: 'incremental',
      trigger: 'manual',
      requestedBy: null,
    });
    // One lane (a few shards of one or two pages each), stopped after its first device page.
    const controller = new AbortController();
    const onPageCommitted = (page: CommittedPage) => {
      if (page.phase === 'devices') controller.abort(new Error('worker killed'));
    };
    const interrupted = engineOptions(testDb.database, emulator, { onPageCommitted, concurrency: 1 });
    await expect(
      executeSyncRun(interrupted, row.id, { signal: controller.signal, finalAttempt: false }),
    ).rejects.toThrow();
    // Each committed page recorded its devices in the same transaction as its checkpoint.
    const partial = await seenOf(row.id);
    expect(partial.listed).toBeGreaterThan(0);
    expect(partial.listed).toBe(await checkpointItems(row.id));
    expect(partial.listed).toBeLessThan(google.length);

    await emulator.control('counters/reset');
    const resumed = await executeSyncRun(engineOptions(testDb.database, emulator), row.id, {
      signal: new AbortController().signal,
      finalAttempt: true,
    });
    expect(resumed).toBe('succeeded');
    // The sweep asked Google only about the two devices no page listed, not about the fleet.
    const counters = (await emulator.emu.app.inject({ method: 'GET', url: '/__emulator/counters' })).json<{
      apis: Record<string, { requests: number; byStatus: Record<string, number> }>;
    }>();
    expect(counters.apis.directory?.byStatus['404']).toBe(2);
    expect(counters.apis.directory?.requests).toBeLessThan(60);
    const stored = await storedDevices(testDb.database, ORG);
    const live = stored.filter((device) => !device.deleted);
    const now = await emulator.listAllDevices();
    expect(live.map((device): [string, unknown] => [device.device_id, device.raw])).toEqual(
      now
        .map((device): [string, unknown] => [device.deviceId, storedJson(device)])
        .sort((a, b) => (a[0] < b[0] ? -1 : 1)),
    );
    expect(stored.filter((device) => device.deleted).map((device) => device.device_id)).toEqual(gone.sort());
    const run = await getRun(testDb.database.db, ORG, row.id);
    expect(run?.progress).toMatchObject({ devicesDeleted: 2, devicesWritten: patched.length });
    // Every device is recorded. A shard resumed in another order (more lanes list it by serial
    // number, so its old page token no longer applies) starts again from its first page, and its
    // devices are recorded again on other pages: the sweep reads the pages as one set.
    expect((await seenOf(row.id)).distinct).toBe(google.length);
  });

  it('records a page listed again after its shard restarted once, and sweeps nothing listed', async () => {
    let expired = false;
    const onPageCommitted = async (page: CommittedPage) => {
      if (!expired && page.phase === 'devices' && page.more) {
        expired = true;
        await emulator.control('page-tokens/expire');
      }
    };
    const runId = await syncOnce(testDb.database, emulator, ORG, 'incremental', {
      onPageCommitted,
      concurrency: 1,
    });
    const run = await getRun(testDb.database.db, ORG, runId);
    expect(run?.progress).toMatchObject({ shardRestarts: 1, devicesDeleted: 0 });
    const devices = (await emulator.listAllDevices()).length;
    expect(await seenOf(runId)).toMatchObject({ listed: devices, distinct: devices });
    // The run before this one is forgotten when this one starts.
    const runs = await sql<{ runs: number }>`
      select count(distinct run_id)::int as runs from fleet_device_seen_page where org_id = ${ORG}`.execute(
      testDb.database.db,
    );
    expect(runs.rows[0]?.runs).toBe(1);
  });
});

describe(`migration 0012 (${backendName})`, () => {
  let testDb: TestDatabase;

  beforeAll(async () => {
    testDb = await createTestDatabase();
  });
  afterAll(async () => {
    await testDb.cleanup();
  });

  it('goes down to one row per device and up again, keeping what a run in progress listed', async () => {
    const db = testDb.database.db;
    const runId = randomUUID();
    await sql`
      insert into fleet_device_seen_page (org_id, run_id, page_key, device_ids) values
        (${ORG}, ${runId}::uuid, 'a', array['a', 'b', 'c']), (${ORG}, ${runId}::uuid, 'c', array['c', 'd'])`.execute(
      db,
    );
    // Migrations are written against an untyped schema.
    const untyped = db as unknown as Kysely<unknown>;
    await migration0012.down(untyped);
    const perDevice = await sql<{ device_id: string }>`
      select device_id from fleet_device_seen where org_id = ${ORG} and run_id = ${runId}::uuid
      order by device_id`.execute(db);
    expect(perDevice.rows.map((row) => row.device_id)).toEqual(['a', 'b', 'c', 'd']);
    await migration0012.up(untyped);
    const pages = await sql<{ page_key: string; device_ids: string[] }>`
      select page_key, device_ids from fleet_device_seen_page where org_id = ${ORG}`.execute(db);
    expect(pages.rows.map((row) => [row.page_key, [...row.device_ids].sort()])).toEqual([
      ['a', ['a', 'b', 'c', 'd']],
    ]);
    const gone = await sql<{ present: boolean }>`
      select to_regclass('fleet_device_seen') is not null as present`.execute(db);
    expect(gone.rows[0]?.present).toBe(false);
  });
});
