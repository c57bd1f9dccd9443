import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { storedJson, toDeviceRow } from '../src/modules/fleet-store/device-row.ts';
import { readRollups } from '../src/modules/fleet-store/fleet-rollups.ts';
import {
  TELEMETRY_READ_MASK,
  toTelemetrySample,
  type TelemetrySampleRow,
} from '../src/modules/fleet-store/telemetry-writer.ts';
import { getRun } from '../src/modules/sync/sync-run.repository.ts';
import { startSyncEmulator, storedDevices, syncOnce, type SyncEmulator } from './sync-harness.ts';
import { backendName, createTestDatabase, type TestDatabase } from './test-database.ts';

const ORG = 'org-full';
const NO_REPORT = 'no report';

describe(`full sync against the emulator (${backendName})`, () => {
  let testDb: TestDatabase;
  let emulator: SyncEmulator;
  let runId: string;
  const committed: string[] = [];
  const committedShards: string[] = [];

  beforeAll(async () => {
    testDb = await createTestDatabase();
    emulator = await startSyncEmulator({ size: 320 });
    // Telemetry answers late, yet its one page comes first: the device lanes wait for its lead.
    await emulator.control('latency', { ms: 300, api: 'management' });
    runId = await syncOnce(testDb.database, emulator, ORG, 'full', {
      onPageCommitted: (page) => {
        // The history chain runs beside the others and holds nothing up: the fleet chain is the lead.
        if (page.shard === 'history') return;
        committed.push(page.phase);
        committedShards.push(page.shard);
      },
    });
    await emulator.control('latency', { ms: 0, api: 'management' });
  });
  afterAll(async () => {
    await emulator.close();
    await testDb.cleanup();
  });

  it('stores every device exactly as Google returns it, field by field', async () => {
    const google = await emulator.listAllDevices();
    const stored = await storedDevices(testDb.database, ORG);
    expect(stored.length).toBe(320);
    expect(stored.map((d) => d.device_id)).toEqual(google.map((d) => d.deviceId).sort());
    const byId = new Map(stored.map((d) => [d.device_id, d]));
    for (const device of google) {
      expect(byId.get(device.deviceId)?.raw).toEqual(storedJson(device));
      expect(byId.get(device.deviceId)?.deleted).toBe(false);
    }
  });

  it('fills the typed columns from the same JSON', async () => {
    const google = await emulator.listAllDevices();
    const result = await sql<Record<string, string | null>>`
      select device_id, serial_number, status, model, org_unit_path, org_unit_id, annotated_user, annotated_asset_id,
        notes, os_version, os_compliance, boot_mode, recent_user, mac_address, lan_ip, aue_date::text as aue_date,
        ram_total_bytes::text as ram_total_bytes, storage_free_bytes::text as storage_free_bytes,
        to_char(last_sync at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as last_sync, content_hash
      from fleet_device where org_id = ${ORG}`.execute(testDb.database.db);
    const rows = new Map(result.rows.map((row) => [row.device_id, row]));
    for (const device of google) {
      const expected = toDeviceRow(ORG, emulator.customerId, device);
      const row = rows.get(device.deviceId);
      for (const column of Object.keys(row ?? {})) {
        expect([device.deviceId, column, row?.[column]]).toEqual([
          device.deviceId,
          column,
          expected[column as keyof typeof expected],
        ]);
      }
    }
  });

  it('stores the OU tree and one finished run with its counts', async () => {
    const units = await emulator.google.directory.listOrgUnits({
      type: 'allIncludingParent',
      orgUnitPath: '/',
    });
    const stored = await sql<{ org_unit_id: string; org_unit_path: string }>`
      select org_unit_id, org_unit_path from fleet_org_unit where org_id = ${ORG} and deleted_at is null
      order by org_unit_id`.execute(testDb.database.db);
    expect(stored.rows).toEqual(
      units
        .map((ou) => ({ org_unit_id: ou.orgUnitId, org_unit_path: ou.orgUnitPath }))
        .sort((a, b) => (a.org_unit_id < b.org_unit_id ? -1 : 1)),
    );
    const run = await getRun(testDb.database.db, ORG, runId);
    expect(run?.status).toBe('succeeded');
    expect(run?.phase).toBe('done');
    expect(run?.progress).toMatchObject({
      devicesSeen: 320,
      devicesCreated: 320,
      shardsTotal: units.length,
      orgUnits: units.length,
    });
  });

  it('keeps rollups that match the fleet and telemetry samples per reporting device', async () => {
    const google = await emulator.listAllDevices();
    const rollups = await readRollups(testDb.database.db, ORG);
    expect(rollups.find((r) => r.dimension === 'total')?.count).toBe(320);
    const statuses = new Map<string, number>();
    for (const device of google)
      statuses.set(device.status ?? 'UNKNOWN', (statuses.get(device.status ?? 'UNKNOWN') ?? 0) + 1);
    const stored = new Map(rollups.filter((r) => r.dimension === 'status').map((r) => [r.bucket, r.count]));
    expect(stored).toEqual(statuses);
    const telemetry = [];
    for await (const page of emulator.google.management.iterateTelemetryDevicePages({
      readMask: 'device_id',
      pageSize: 1000,
    })) {
      telemetry.push(...page.items);
    }
    const samples = await sql<{ devices: number }>`
      select count(distinct device_id)::int as devices from fleet_telemetry_sample where org_id = ${ORG}`.execute(
      testDb.database.db,
    );
    expect(telemetry.length).toBeGreaterThan(0);
    expect(samples.rows[0]?.devices).toBe(telemetry.length);
  });

  it('lets telemetry lead a first copy with one device lane beside it, the others waiting for it', () => {
    expect(committed.filter((phase) => phase === 'telemetry').length).toBe(1);
    expect(committed.filter((phase) => phase === 'devices').length).toBeGreaterThan(1);
    // Before telemetry's page, device pages come from one shard after another: one lane listed.
    const early = committedShards.slice(0, committed.indexOf('telemetry'));
    const runs = early.filter((shard, index) => shard !== early[index - 1]);
    expect(new Set(runs).size).toBe(runs.length);
  });

  it('copies the newest telemetry of each device onto its row, whichever committed first', async () => {
    const expected = new Map<string, TelemetrySampleRow>();
    for await (const page of emulator.google.management.iterateTelemetryDevicePages({
      readMask: TELEMETRY_READ_MASK,
      pageSize: 1000,
    })) {
      for (const device of page.items) {
        // Devices without reports are stamped with the sync's own clock, which the test cannot know.
        const sample = toTelemetrySample(device, NO_REPORT);
        if (sample) expected.set(sample.device_id, sample);
      }
    }
    const rows = await sql<{
      device_id: string;
      battery_health: string | null;
      battery_cycle_count: number | null;
      battery_capacity_percent: number | null;
      telemetry_at: string | null;
    }>`
      select device_id, battery_health, battery_cycle_count, battery_capacity_percent,
        to_char(telemetry_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as telemetry_at
      from fleet_device where org_id = ${ORG}`.execute(testDb.database.db);
    expect(rows.rows.filter((row) => row.telemetry_at !== null).length).toBe(expected.size);
    for (const row of rows.rows) {
      const sample = expected.get(row.device_id);
      expect(row).toEqual({
        device_id: row.device_id,
        battery_health: sample?.battery_health ?? null,
        battery_cycle_count: sample?.battery_cycle_count ?? null,
        battery_capacity_percent: sample?.battery_capacity_percent ?? null,
        telemetry_at:
          sample?.sampled_at === NO_REPORT
            ? row.telemetry_at
            : sample
              ? new Date(sample.sampled_at).toISOString()
              : null,
      });
    }
  });

  it('writes nothing for an unchanged fleet and never touches another organization', async () => {
    const second = await syncOnce(testDb.database, emulator, ORG, 'incremental');
    const run = await getRun(testDb.database.db, ORG, second);
    expect(run?.progress).toMatchObject({
      devicesSeen: 320,
      devicesWritten: 0,
      historyRows: 0,
      devicesDeleted: 0,
    });
    await syncOnce(testDb.database, emulator, 'org-other', 'full');
    expect((await storedDevices(testDb.database, ORG)).length).toBe(320);
    expect((await storedDevices(testDb.database, 'org-other')).length).toBe(320);
  });
});
