import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSyncEmulator, syncOnce, type SyncEmulator } from './sync-harness.ts';
import { backendName, createTestDatabase, type TestDatabase } from './test-database.ts';

/**
 * Health charts on day one: a first sync keeps the hours of reports every telemetry page carries
 * (one sample a device an hour) and reads the battery history Google keeps (one a day), so a
 * device's trend is more than its newest report.
 */

const ORG = 'org-telemetry-history';
const HOUR = 3_600_000;

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
});
