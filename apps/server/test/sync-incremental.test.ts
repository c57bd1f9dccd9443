import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  HISTORY_COLUMN_NAMES,
  HISTORY_COLUMNS,
  storedJson,
  toDeviceRow,
} from '../src/modules/fleet-store/device-row.ts';
import { getRun } from '../src/modules/sync/sync-run.repository.ts';
import { startSyncEmulator, storedDevices, syncOnce, type SyncEmulator } from './sync-harness.ts';
import { backendName, createTestDatabase, type TestDatabase } from './test-database.ts';

const ORG = 'org-incremental';
const DAY_MS = 86_400_000;

describe(`incremental sync (${backendName})`, () => {
  let testDb: TestDatabase;
  let emulator: SyncEmulator;

  beforeAll(async () => {
    testDb = await createTestDatabase();
    emulator = await startSyncEmulator({ size: 400, seed: 3 });
    await syncOnce(testDb.database, emulator, ORG, 'full');
  });
  afterAll(async () => {
    await emulator.close();
    await testDb.cleanup();
  });

  it('fetches the devices whose etag moved and records exactly the fields that changed', async () => {
    const before = await emulator.listAllDevices();
    await emulator.control('clock/advance', { ms: DAY_MS });
    const patched = before.slice(10, 13);
    for (const [index, device] of patched.entries()) {
      await emulator.google.directory.patchChromeOsDevice(device.deviceId, {
        annotatedUser: `student${index}@example.edu`,
        notes: `Screen replaced (${index})`,
      });
    }
    const after = await emulator.listAllDevices();
    const previous = new Map(before.map((d) => [d.deviceId, toDeviceRow(ORG, emulator.customerId, d)]));
    const expected: string[] = [];
    // Google's etag versions a device: an incremental run fetches the devices whose etag moved.
    let changedDevices = 0;
    for (const device of after) {
      const old = previous.get(device.deviceId);
      const now = toDeviceRow(ORG, emulator.customerId, device);
      if (!old || old.etag === now.etag) continue;
      if (old.content_hash !== now.content_hash) changedDevices += 1;
      for (const column of HISTORY_COLUMN_NAMES) {
        if (old[column] !== now[column]) {
          expected.push(`${device.deviceId} ${HISTORY_COLUMNS[column]} ${old[column]} -> ${now[column]}`);
        }
      }
    }
    expect(expected.length).toBeGreaterThanOrEqual(patched.length * 2);

    const runId = await syncOnce(testDb.database, emulator, ORG, 'incremental');
    const history = await sql<{ line: string }>`
      select device_id || ' ' || field || ' ' || coalesce(old_value, 'null') || ' -> ' || coalesce(new_value, 'null') as line
      from fleet_device_history where org_id = ${ORG} and sync_run_id = ${runId}::uuid`.execute(
      testDb.database.db,
    );
    expect(history.rows.map((row) => row.line).sort()).toEqual(expected.sort());

    const run = await getRun(testDb.database.db, ORG, runId);
    expect(run?.progress).toMatchObject({ devicesWritten: changedDevices, historyRows: expected.length });
    const stored = new Map(
      (await storedDevices(testDb.database, ORG)).map((row) => [row.device_id, row.raw]),
    );
    for (const device of after) {
      if (previous.get(device.deviceId)?.etag !== device.etag)
        expect(stored.get(device.deviceId)).toEqual(storedJson(device));
    }
    // The next full run re-reads every device whatever its etag, and converges the rest.
    await syncOnce(testDb.database, emulator, ORG, 'full');
    const full = await storedDevices(testDb.database, ORG);
    expect(full.map((row) => [row.device_id, row.raw])).toEqual(
      [...after].sort((a, b) => (a.deviceId < b.deviceId ? -1 : 1)).map((d) => [d.deviceId, storedJson(d)]),
    );
  });

  it('reads changed devices in batches and reads again alone the parts Google throttled', async () => {
    const before = await emulator.listAllDevices();
    const patched = before.slice(100, 160);
    for (const [index, device] of patched.entries())
      await emulator.google.directory.patchChromeOsDevice(device.deviceId, { notes: `Batch ${index}` });
    await emulator.control('counters/reset');
    // Every tenth Directory call answers 429 (rate, not count: the listing rides them out too).
    await emulator.control('faults', { status: 429, api: 'directory', rate: 0.1 });
    const runId = await syncOnce(testDb.database, emulator, ORG, 'incremental').finally(() =>
      emulator.emu.app.inject({ method: 'DELETE', url: '/__emulator/faults' }),
    );
    const run = await getRun(testDb.database.db, ORG, runId);
    expect(run?.progress).toMatchObject({ devicesWritten: patched.length, historyRows: patched.length });
    const stored = new Map(
      (await storedDevices(testDb.database, ORG)).map((row) => [row.device_id, row.raw]),
    );
    const after = new Map((await emulator.listAllDevices()).map((d) => [d.deviceId, d]));
    for (const device of patched) {
      const now = after.get(device.deviceId);
      expect(now?.notes).toMatch(/^Batch /);
      expect(stored.get(device.deviceId)).toEqual(now && storedJson(now));
    }
    const counters = (await emulator.emu.app.inject({ method: 'GET', url: '/__emulator/counters' })).json<{
      apis: Record<string, { requests: number; byStatus: Record<string, number> }>;
    }>();
    // Google's batch endpoint carried the reads (it counts apart from its parts), and some parts
    // (or listing calls) were throttled on the way.
    expect(counters.apis.other?.requests).toBeGreaterThanOrEqual(1);
    expect(counters.apis.other?.requests).toBeLessThanOrEqual(12);
    expect(counters.apis.directory?.byStatus['429']).toBeGreaterThan(0);
  });

  it('is cheap when nothing changed: no device fetched, no row written, telemetry kept', async () => {
    await emulator.control('counters/reset');
    const runId = await syncOnce(testDb.database, emulator, ORG, 'incremental');
    const run = await getRun(testDb.database.db, ORG, runId);
    expect(run?.progress).toMatchObject({ devicesWritten: 0, historyRows: 0, telemetryRefreshed: false });
    const counters = (await emulator.emu.app.inject({ method: 'GET', url: '/__emulator/counters' })).json<{
      apis: Record<string, { requests: number }>;
    }>();
    // Listing pages only (ids and etags), one org-unit call, two reports: no per-device fetch.
    expect(counters.apis.directory?.requests).toBeLessThan(40);
  });
});
