import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CommittedPage } from '../src/modules/sync/sync-context.ts';
import { executeSyncRun } from '../src/modules/sync/sync-engine.ts';
import { storedJson } from '../src/modules/fleet-store/device-row.ts';
import { createRun, getRun } from '../src/modules/sync/sync-run.repository.ts';
import {
  engineOptions,
  startSyncEmulator,
  storedDevices,
  syncOnce,
  type SyncEmulator,
} from './sync-harness.ts';
import { backendName, createTestDatabase, type TestDatabase } from './test-database.ts';

/** The fleet as Google has it, as `[deviceId, JSON]` pairs sorted by id. */
async function googleFleet(emulator: SyncEmulator): Promise<[string, unknown][]> {
  const devices = await emulator.listAllDevices();
  return devices
    .map((d): [string, unknown] => [d.deviceId, storedJson(d)])
    .sort((a, b) => (a[0] < b[0] ? -1 : 1));
}

async function storedFleet(testDb: TestDatabase, orgId: string): Promise<[string, unknown][]> {
  const rows = await storedDevices(testDb.database, orgId);
  return rows.filter((row) => !row.deleted).map((row): [string, unknown] => [row.device_id, row.raw]);
}

describe(`sync under crashes and Google faults (${backendName})`, () => {
  let testDb: TestDatabase;
  let emulator: SyncEmulator;

  beforeAll(async () => {
    testDb = await createTestDatabase();
    emulator = await startSyncEmulator({ size: 900, seed: 11 });
  });
  afterAll(async () => {
    await emulator.close();
    await testDb.cleanup();
  });

  it('resumes a run interrupted between page transactions and converges, at several points', async () => {
    const expected = await googleFleet(emulator);
    // Crash points, in pages committed by each attempt (device pages first; the fleet takes about
    // twenty). Telemetry pages count too: pages an interrupted attempt had already queued still
    // commit, and may leave the next attempt no device page to be interrupted after.
    for (const [index, crashes] of [[1], [3, 2], [1, 2, 1]].entries()) {
      const orgId = `org-crash-${index}`;
      const { row } = await createRun(testDb.database.db, {
        orgId,
        customerId: emulator.customerId,
        kind: 'full',
        trigger: 'manual',
        requestedBy: null,
      });
      for (const crashAfter of crashes) {
        const controller = new AbortController();
        let pages = 0;
        const onPageCommitted = () => {
          pages += 1;
          if (pages >= crashAfter) controller.abort(new Error('worker killed'));
        };
        const options = engineOptions(testDb.database, emulator, { onPageCommitted, concurrency: 2 });
        await expect(
          executeSyncRun(options, row.id, { signal: controller.signal, finalAttempt: false }),
        ).rejects.toThrow();
      }
      // As after a kill between two saves of the progress (about a second apart in production): the
      // saved count is behind the pages committed.
      await sql`update sync_run set progress = jsonb_set(progress, '{devicesSeen}', '0')
        where id = ${row.id}::uuid`.execute(testDb.database.db);
      const resumed = await executeSyncRun(engineOptions(testDb.database, emulator), row.id, {
        signal: new AbortController().signal,
        finalAttempt: true,
      });
      expect(resumed).toBe('succeeded');
      expect(await storedFleet(testDb, orgId)).toEqual(expected);
      const run = await getRun(testDb.database.db, orgId, row.id);
      expect(run?.attempts).toBe(crashes.length + 1);
      // Devices seen counts what every attempt listed, saved in its progress before the kill or not.
      expect((run?.progress as { devicesSeen: number }).devicesSeen).toBe(expected.length);
      // Resumed shards continued from their checkpoint: no device page was listed twice.
      const checkpoints = await sql<{ items: number; restarts: number }>`
        select coalesce(sum(items), 0)::int as items, coalesce(sum(restarts), 0)::int as restarts
        from sync_checkpoint where org_id = ${orgId} and run_id = ${row.id}::uuid and phase = 'devices'`.execute(
        testDb.database.db,
      );
      expect(checkpoints.rows[0]).toEqual({ items: expected.length, restarts: 0 });
    }
  });

  it('survives bursts of 429 and 503 answers, and reports the waits', async () => {
    await emulator.control('faults', { status: 429, api: 'directory', count: 4 });
    await emulator.control('faults', { status: 503, api: 'all', rate: 0.15 });
    try {
      const runId = await syncOnce(testDb.database, emulator, 'org-faults', 'full');
      const run = await getRun(testDb.database.db, 'org-faults', runId);
      expect(run?.progress).toMatchObject({ devicesSeen: 900 });
      expect((run?.progress as { retries: number }).retries).toBeGreaterThanOrEqual(4);
      const codes = new Set((run?.errors as { code: string; recovered: boolean }[]).map((e) => e.code));
      expect(codes.has('rate_limited')).toBe(true);
      expect(codes.has('google_503')).toBe(true);
    } finally {
      await emulator.control('reset');
    }
    expect(await storedFleet(testDb, 'org-faults')).toEqual(await googleFleet(emulator));
  });

  it('restarts only the shard whose page token expired mid-chain', async () => {
    let expired = false;
    const onPageCommitted = async (page: CommittedPage) => {
      if (!expired && page.phase === 'devices' && page.more) {
        expired = true;
        await emulator.control('page-tokens/expire');
      }
    };
    const runId = await syncOnce(testDb.database, emulator, 'org-token', 'full', {
      onPageCommitted,
      concurrency: 1,
    });
    expect(expired).toBe(true);
    const run = await getRun(testDb.database.db, 'org-token', runId);
    expect(run?.progress).toMatchObject({ shardRestarts: 1 });
    expect((run?.errors as { code: string }[]).map((e) => e.code)).toContain('page_token_expired');
    expect(await storedFleet(testDb, 'org-token')).toEqual(await googleFleet(emulator));
  });

  it('marks devices gone at Google as deleted, and only those', async () => {
    await syncOnce(testDb.database, emulator, 'org-sweep', 'full');
    await emulator.control('reseed', { size: 700 });
    try {
      const runId = await syncOnce(testDb.database, emulator, 'org-sweep', 'full');
      const google = await googleFleet(emulator);
      expect(await storedFleet(testDb, 'org-sweep')).toEqual(google);
      const live = new Set(google.map(([id]) => id));
      const rows = await storedDevices(testDb.database, 'org-sweep');
      const deleted = rows.filter((row) => row.deleted);
      expect(deleted.length).toBeGreaterThan(0);
      expect(deleted.every((row) => !live.has(row.device_id))).toBe(true);
      const run = await getRun(testDb.database.db, 'org-sweep', runId);
      expect(run?.progress).toMatchObject({ devicesDeleted: deleted.length });
    } finally {
      await emulator.control('reset');
    }
  });
});
