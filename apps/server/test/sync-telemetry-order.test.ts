import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeDevicePage } from '../src/modules/fleet-store/device-page-writer.ts';
import { toDeviceRow } from '../src/modules/fleet-store/device-row.ts';
import {
  applyNewestTelemetry,
  TELEMETRY_READ_MASK,
  toTelemetrySample,
  writeTelemetryPage,
  type TelemetrySampleRow,
} from '../src/modules/fleet-store/telemetry-writer.ts';
import { startSyncEmulator, type SyncEmulator } from './sync-harness.ts';
import { backendName, createTestDatabase, type TestDatabase } from './test-database.ts';

const ORG = 'org-telemetry-order';
const RUN = '00000000-0000-4000-8000-000000000001';

/**
 * Telemetry is listed beside the devices, so a device's samples may commit before its row exists.
 * The row must still end up with its newest battery state.
 */
describe(`telemetry that arrives before its device (${backendName})`, () => {
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

  async function listSamples(): Promise<TelemetrySampleRow[]> {
    const samples: TelemetrySampleRow[] = [];
    for await (const page of emulator.google.management.iterateTelemetryDevicePages({
      readMask: TELEMETRY_READ_MASK,
      pageSize: 1000,
    })) {
      for (const device of page.items) {
        const sample = toTelemetrySample(device, '2026-03-01T00:00:00.000Z');
        if (sample) samples.push(sample);
      }
    }
    return samples;
  }

  it('is copied onto the device row once both are written', async () => {
    const samples = await listSamples();
    expect(samples.some((s) => s.battery_health !== null)).toBe(true);
    const db = testDb.database.db;
    await writeTelemetryPage(db, ORG, samples, { updateDevices: true });
    const devices = await emulator.listAllDevices();
    const rows = devices.map((device) => toDeviceRow(ORG, emulator.customerId, device));
    await writeDevicePage(db, { orgId: ORG, runId: RUN, rows });
    const read = () =>
      sql<{ device_id: string; battery_health: string | null; battery_capacity_percent: number | null }>`
        select device_id, battery_health, battery_capacity_percent from fleet_device
        where org_id = ${ORG} and telemetry_at is not null order by device_id`.execute(db);
    const expected = samples
      .map((s) => ({
        device_id: s.device_id,
        battery_health: s.battery_health,
        battery_capacity_percent: s.battery_capacity_percent,
      }))
      .sort((a, b) => (a.device_id < b.device_id ? -1 : 1));
    // New rows take their battery state from the samples already stored.
    expect((await read()).rows).toEqual(expected);
    expect(await applyNewestTelemetry(db, ORG)).toBe(0);
    // Written at the same time (each transaction blind to the other's uncommitted rows), a row can
    // miss its samples; the pass after both lanes copies them.
    await sql`update fleet_device set battery_health = null, battery_cycle_count = null,
      battery_capacity_percent = null, telemetry_at = null where org_id = ${ORG}`.execute(db);
    expect((await read()).rows).toEqual([]);
    expect(await applyNewestTelemetry(db, ORG)).toBe(samples.length);
    expect((await read()).rows).toEqual(expected);
    // Nothing left to copy: a second pass changes no row.
    expect(await applyNewestTelemetry(db, ORG)).toBe(0);
  });

  it('on a first copy, stays off rows written before it until the pass after both lanes', async () => {
    const org = `${ORG}-first`;
    const db = testDb.database.db;
    const samples = await listSamples();
    const devices = await emulator.listAllDevices();
    await writeDevicePage(db, {
      orgId: org,
      runId: RUN,
      rows: devices.map((device) => toDeviceRow(org, emulator.customerId, device)),
    });
    const withTelemetry = async () =>
      Number(
        (
          await sql<{ n: string }>`select count(*) as n from fleet_device
            where org_id = ${org} and telemetry_at is not null`.execute(db)
        ).rows[0]?.n,
      );
    await writeTelemetryPage(db, org, samples, { updateDevices: false });
    expect(await withTelemetry()).toBe(0);
    expect(await applyNewestTelemetry(db, org)).toBe(samples.length);
    expect(await withTelemetry()).toBe(samples.length);
    // A later run's page (rows exist) updates them in its own transaction.
    const later = samples.map((s) => ({
      ...s,
      sampled_at: '2026-03-05T00:00:00.000Z',
      battery_health: 'POOR',
    }));
    await writeTelemetryPage(db, org, later, { updateDevices: true });
    const poor = await sql<{ n: string }>`select count(*) as n from fleet_device
      where org_id = ${org} and battery_health = 'POOR'`.execute(db);
    expect(Number(poor.rows[0]?.n)).toBe(samples.length);
  });
});
