import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SyncRun } from '@fleetdeck/shared/sync-contract';
import { startSyncEmulator, syncOnce, type SyncEmulator } from './sync-harness.ts';
import { backendName, createTestDatabase, type TestDatabase } from './test-database.ts';

/**
 * What an admin watches during the first sync: devices written from the first device page (one
 * lane lists beside telemetry's lead), and a time left from the first pages, from Google's count of
 * devices in service scaled by the share of the devices written that are in service.
 */

const ORG = 'org-first-progress';

describe(`the first sync's progress (${backendName})`, () => {
  let testDb: TestDatabase;
  let emulator: SyncEmulator;
  const snapshots: SyncRun['progress'][] = [];
  const commits: { phase: string; shard: string }[] = [];

  beforeAll(async () => {
    testDb = await createTestDatabase();
    emulator = await startSyncEmulator({ size: 5000 });
    // Listing at Google's pace; telemetry bound by Fleetdeck's own work, so it keeps its lead.
    await emulator.control('latency', { ms: 30, api: 'directory' });
    await syncOnce(testDb.database, emulator, ORG, 'full', {
      concurrency: 10,
      flushIntervalMs: 10,
      publish: (_org, run) => {
        if (run.phase === 'devices') snapshots.push(structuredClone(run.progress));
      },
      onPageCommitted: (page) => {
        if (page.shard !== 'history') commits.push({ phase: page.phase, shard: page.shard });
      },
    });
  }, 120_000);
  afterAll(async () => {
    await emulator.close();
    await testDb.cleanup();
  });

  it('writes devices while telemetry still leads, one lane of them', () => {
    const lastTelemetry = commits.findLastIndex((commit) => commit.phase === 'telemetry');
    const firstDevices = commits.findIndex((commit) => commit.phase === 'devices');
    expect(firstDevices).toBeGreaterThanOrEqual(0);
    expect(firstDevices).toBeLessThan(lastTelemetry);
    // Before telemetry's first page, the device pages come from one shard after another.
    const firstTelemetry = commits.findIndex((commit) => commit.phase === 'telemetry');
    const early = commits.slice(0, firstTelemetry).map((commit) => commit.shard);
    const runs = early.filter((shard, index) => shard !== early[index - 1]);
    expect(new Set(runs).size).toBe(runs.length);
  });

  it('shows a time left within the first 10 % of the bar', () => {
    const first = snapshots.find((progress) => progress.devicesSeen > 0);
    expect(first).toBeDefined();
    expect(first?.devicesWritten).toBe(first?.devicesSeen);
    expect(first?.expectedDevices).not.toBeNull();
    expect(first?.etaSeconds).not.toBeNull();
    // The bar: 5 % when the devices start, 80 % for them (apps/web/src/features/sync/format.ts).
    const percent = 5 + (80 * (first?.devicesSeen ?? 0)) / (first?.expectedDevices ?? 1);
    expect(percent).toBeLessThanOrEqual(10);
    // The estimate is Google's count of devices in service, scaled: close to the fleet listed.
    const last = snapshots.at(-1);
    expect(Math.abs((last?.expectedDevices ?? 0) - 5000)).toBeLessThan(500);
  });
});
