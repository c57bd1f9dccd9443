import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChromeOsDevice } from '@fleetdeck/google/directory/chromeos-device.schema';
import { writeDevicePage } from '../src/modules/fleet-store/device-page-writer.ts';
import { openDeviceTarget } from '../src/modules/fleet-store/device-partition.ts';
import { toDeviceRow, type DeviceRow } from '../src/modules/fleet-store/device-row.ts';
import { writeTelemetryPage, type TelemetrySampleRow } from '../src/modules/fleet-store/telemetry-writer.ts';
import { backendName, createTestDatabase, type TestDatabase } from './test-database.ts';

const ORG = 'org-copy';
const RUN = '00000000-0000-4000-8000-000000000003';

/**
 * A first copy's page goes in by COPY (decision 023): it must store exactly the rows the upsert
 * would, whatever the text holds, with the battery state of samples stored before them; a page
 * listed again must not fail.
 */
describe(`a first copy's device page (${backendName})`, () => {
  let testDb: TestDatabase;
  beforeAll(async () => {
    testDb = await createTestDatabase();
  });
  afterAll(async () => {
    await testDb.cleanup();
  });

  const device = (id: string, extra: Partial<ChromeOsDevice>): ChromeOsDevice => ({
    kind: 'admin#directory#chromeosdevice',
    etag: `"etag-${id}"`,
    deviceId: id,
    serialNumber: `SERIAL${id}`,
    status: 'ACTIVE',
    model: 'Acer Chromebook 311',
    orgUnitPath: '/Schools/Lab\\One',
    lastSync: '2026-03-01T08:30:00.123Z',
    autoUpdateThrough: '2031-06-30T00:00:00Z',
    systemRamTotal: '8589934592',
    ...extra,
  });

  const sample = (deviceId: string): TelemetrySampleRow => ({
    device_id: deviceId,
    sampled_at: '2026-03-01T07:00:00.456Z',
    battery_health: 'BATTERY_REPLACE_SOON',
    battery_cycle_count: 812,
    battery_full_charge_capacity: '3123',
    battery_design_capacity: '4000',
    battery_capacity_percent: 78.1,
    storage_free_bytes: null,
    storage_total_bytes: null,
    memory_free_bytes: null,
    memory_total_bytes: null,
    cpu_utilization_percent: null,
    os_update_state: null,
  });

  it('stores tabs, line breaks, backslashes, "\\N" and any Unicode exactly, with stored battery state', async () => {
    const db = testDb.database.db;
    const target = await openDeviceTarget(db, ORG);
    expect(target.loading).toBe(true);
    await writeTelemetryPage(db, ORG, [sample('d1')], { updateDevices: false });
    const rows: DeviceRow[] = [
      device('d1', {
        notes: 'tab\there\nnext line\r\nback\\slash',
        annotatedUser: '\\N',
        osVersion: '120.0.6099.235',
      }),
      device('d2', { notes: 'Schülerin 🎒 «Raum 3» "quoted"', annotatedLocation: 'C:\\labs\\2' }),
      device('d3', {}),
    ].map((d) => toDeviceRow(ORG, 'C01', d));
    const outcome = await writeDevicePage(db, {
      orgId: ORG,
      runId: RUN,
      rows,
      table: target.table,
      copy: true,
    });
    expect(outcome).toMatchObject({ written: 3, created: 3, historyRows: 0 });

    const stored = await sql<Record<string, unknown>>`
      select device_id, notes, annotated_user, annotated_location, org_unit_path, raw, content_hash,
        last_sync = ${'2026-03-01T08:30:00.123Z'}::timestamptz as last_sync_kept, aue_date::text as aue_date,
        ram_total_bytes::text as ram_total_bytes, seen_run_id::text as seen_run_id, deleted_at,
        battery_health, battery_cycle_count, battery_capacity_percent, battery_health_rank, os_version_key,
        telemetry_at = ${'2026-03-01T07:00:00.456Z'}::timestamptz as telemetry_kept
      from ${sql.id(target.table)} order by device_id`.execute(db);
    expect(stored.rows).toHaveLength(3);
    for (const [index, row] of rows.entries()) {
      expect(stored.rows[index]).toMatchObject({
        device_id: row.device_id,
        notes: row.notes,
        annotated_user: row.annotated_user,
        annotated_location: row.annotated_location,
        org_unit_path: '/Schools/Lab\\One',
        raw: row.raw,
        content_hash: row.content_hash,
        last_sync_kept: true,
        aue_date: '2031-06-30',
        ram_total_bytes: '8589934592',
        seen_run_id: RUN,
        deleted_at: null,
      });
    }
    // The sort keys (migration 0016) are generated however the row went in.
    expect(stored.rows[0]).toMatchObject({
      battery_health: 'BATTERY_REPLACE_SOON',
      battery_cycle_count: 812,
      battery_capacity_percent: 78.1,
      telemetry_kept: true,
      battery_health_rank: 2,
      os_version_key: [120, 0, 6099, 235],
    });
    expect(stored.rows[1]).toMatchObject({
      battery_health: null,
      battery_cycle_count: null,
      telemetry_kept: null,
      battery_health_rank: null,
      os_version_key: null,
    });

    // The same page again (a restarted shard): its rows are stored, so it is upserted, not copied.
    const again = await writeDevicePage(db, {
      orgId: ORG,
      runId: RUN,
      rows,
      table: target.table,
      copy: true,
    });
    expect(again).toMatchObject({ written: 0, unchanged: 3, created: 0 });
    const count = await sql<{ n: number }>`select count(*)::int as n from ${sql.id(target.table)}`.execute(
      db,
    );
    expect(count.rows[0]?.n).toBe(3);
  });
});
