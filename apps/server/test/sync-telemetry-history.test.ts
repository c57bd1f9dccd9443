import { sql } from 'kysely';
import { GoogleInvalidInputError } from '@fleetdeck/google/errors';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeDevicePage } from '../src/modules/fleet-store/device-page-writer.ts';
import { openDeviceTarget } from '../src/modules/fleet-store/device-partition.ts';
import { toDeviceRow } from '../src/modules/fleet-store/device-row.ts';
import {
  applyNewestTelemetry,
  writeTelemetryPage,
  type TelemetrySampleRow,
} from '../src/modules/fleet-store/telemetry-writer.ts';
import { getRun } from '../src/modules/sync/sync-run.repository.ts';
import type { GoogleClientFactory } from '../src/modules/sync/sync-context.ts';
import { startSyncEmulator, syncOnce, type SyncEmulator } from './sync-harness.ts';
import { backendName, createTestDatabase, type TestDatabase } from './test-database.ts';

/**
 * Health charts on day one: a first sync keeps the hours of reports every telemetry page carries
 * (one sample a device an hour) and reads the battery history Google keeps (one a day), so a
 * device's trend is more than its newest report.
 */

const ORG = 'org-telemetry-history';
const HOUR = 3_600_000;
const RUN = '00000000-0000-4000-8000-000000000039';

describe(`telemetry history on a first sync (${backendName})`, () => {
  let testDb: TestDatabase;
  let emulator: SyncEmulator;
  const shards: string[] = [];

  beforeAll(async () => {
    testDb = await createTestDatabase();
    // Google's clock is ours: its history is the last day before now.
    emulator = await startSyncEmulator({ size: 100, now: Date.now() });
    await syncOnce(testDb.database, emulator, ORG, 'full', {
      onPageCommitted: (page) => {
        if (page.phase === 'telemetry') shards.push(page.shard);
      },
    });
  });
  afterAll(async () => {
    await emulator.close();
    await testDb.cleanup();
  });

  const samplesPerDevice = async () => {
    const { rows } = await sql<{ device_id: string; n: number; first: Date; last: Date; battery: number }>`
      select device_id, count(*)::int as n, min(sampled_at) as first, max(sampled_at) as last,
        count(battery_cycle_count)::int as battery
      from fleet_telemetry_sample where org_id = ${ORG} group by device_id`.execute(testDb.database.db);
    return rows;
  };

  it('stores a trend per reporting device, reaching back past the last 3 hours', async () => {
    expect(shards).toContain('history');
    const rows = await samplesPerDevice();
    expect(rows.length).toBeGreaterThan(0);
    // Devices reporting this month: a device that went quiet long ago has only its last 3 hours.
    const recent = rows.filter(
      (row) => row.battery > 0 && new Date(row.last).getTime() > Date.now() - 7 * 24 * HOUR,
    );
    expect(recent.length).toBeGreaterThan(10);
    for (const row of recent) {
      // Hours of the recent window plus days of battery history: never a single dot.
      expect(row.n, row.device_id).toBeGreaterThanOrEqual(3);
      expect(new Date(row.last).getTime() - new Date(row.first).getTime(), row.device_id).toBeGreaterThan(
        3 * HOUR,
      );
    }
  });

  it("keeps each device row's battery state from its newest report", async () => {
    const { rows } = await sql<{ device_id: string; row_at: Date | null; newest: Date }>`
      select d.device_id, d.telemetry_at as row_at, max(s.sampled_at) as newest
      from fleet_device d join fleet_telemetry_sample s on s.org_id = d.org_id and s.device_id = d.device_id
      where d.org_id = ${ORG} group by d.device_id, d.telemetry_at`.execute(testDb.database.db);
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows)
      expect(row.row_at && new Date(row.row_at).getTime(), row.device_id).toBe(
        new Date(row.newest).getTime(),
      );
  });

  it('reads the history once: a later full sync lists the recent reports only, adding no duplicates', async () => {
    const before = await samplesPerDevice();
    shards.length = 0;
    await syncOnce(testDb.database, emulator, ORG, 'full', {
      onPageCommitted: (page) => {
        if (page.phase === 'telemetry') shards.push(page.shard);
      },
    });
    expect(shards).not.toContain('history');
    expect(await samplesPerDevice()).toEqual(before);
  });

  it("keeps a first copy's rows on their newest report, whatever order history, recent samples and rows commit in", async () => {
    const db = testDb.database.db;
    const devices = (await emulator.listAllDevices()).slice(0, 20);
    const base = Date.now() - 2 * HOUR;
    const sample = (deviceId: string, at: number, cycles: number): TelemetrySampleRow => ({
      device_id: deviceId,
      sampled_at: new Date(at).toISOString(),
      battery_health: 'BATTERY_HEALTH_NORMAL',
      battery_cycle_count: cycles,
      battery_full_charge_capacity: String(4000 - cycles),
      battery_design_capacity: '4000',
      battery_capacity_percent: null,
      storage_free_bytes: null,
      storage_total_bytes: null,
      memory_free_bytes: null,
      memory_total_bytes: null,
      cpu_utilization_percent: null,
      os_update_state: null,
    });
    const orders = [
      ['history', 'rows', 'recent'],
      ['rows', 'history', 'recent'],
      ['recent', 'history', 'rows'],
      ['history', 'recent', 'rows'],
    ] as const;
    for (const [index, order] of orders.entries()) {
      const orgId = `org-history-order-${index}`;
      const target = await db.transaction().execute((trx) => openDeviceTarget(trx, orgId));
      expect(target.loading).toBe(true);
      const steps = {
        // Two days of history, older than the recent window; the recent sample is the newest report.
        history: () =>
          writeTelemetryPage(
            db,
            orgId,
            devices.flatMap((d) => [
              sample(d.deviceId, base - 48 * HOUR, 10),
              sample(d.deviceId, base - 24 * HOUR, 11),
            ]),
            { updateDevices: false },
          ),
        recent: () =>
          writeTelemetryPage(
            db,
            orgId,
            devices.map((d) => sample(d.deviceId, base, 12)),
            { updateDevices: false },
          ),
        rows: () =>
          writeDevicePage(db, {
            orgId,
            runId: RUN,
            rows: devices.map((d) => toDeviceRow(orgId, emulator.customerId, d)),
            table: target.table,
            copy: true,
          }),
      };
      for (const step of order) await steps[step]();
      await applyNewestTelemetry(db, orgId, target.table, 'stale');
      const { rows } = await sql<{ at: Date | null; cycles: number | null }>`
        select telemetry_at as at, battery_cycle_count as cycles from ${sql.id(target.table)}`.execute(db);
      expect(rows.length, order.join(' → ')).toBe(devices.length);
      for (const row of rows) {
        expect(row.at && new Date(row.at).getTime(), order.join(' → ')).toBe(base);
        expect(row.cycles, order.join(' → ')).toBe(12);
      }
    }
  });

  it('still completes a first sync whose history Google refuses, and says so', async () => {
    // Google answers the history's listing (the one with a report-time filter) with a 400.
    const refusing: GoogleClientFactory = (org) => {
      const client = emulator.clientFactory(org);
      const list = client.management.iterateTelemetryDevicePages.bind(client.management);
      client.management.iterateTelemetryDevicePages = (query, options) => {
        if (query.filter === undefined) return list(query, options);
        return (async function* () {
          yield* [];
          throw new GoogleInvalidInputError({ status: 400, message: 'Invalid filter.' });
        })();
      };
      return client;
    };
    const orgId = 'org-history-refused';
    const runId = await syncOnce(testDb.database, emulator, orgId, 'full', { createGoogleClient: refusing });
    const run = await getRun(testDb.database.db, orgId, runId);
    const errors = (run?.errors ?? []) as { code: string; recovered: boolean; message: string }[];
    expect(errors.map((error) => [error.code, error.recovered])).toEqual([
      ['telemetry_history_not_read', true],
    ]);
    expect(errors[0]?.message).toContain('Invalid filter.');
    const { rows } = await sql<{ devices: number; reporting: number }>`
      select count(*)::int as devices, count(telemetry_at)::int as reporting
      from fleet_device where org_id = ${orgId}`.execute(testDb.database.db);
    expect(rows[0]?.devices).toBe(100);
    expect(rows[0]?.reporting).toBeGreaterThan(0);
  });
});
