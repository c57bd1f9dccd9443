import type { PgBoss } from 'pg-boss';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startJobQueue } from '../src/jobs/job-queue.ts';
import { ensureSyncRunQueue, workSyncRuns } from '../src/jobs/sync-run.job.ts';
import { startDueSyncs } from '../src/jobs/sync-schedule.job.ts';
import { getRun } from '../src/modules/sync/sync-run.repository.ts';
import { writeSchedule } from '../src/modules/sync/sync-schedule.repository.ts';
import { startSync } from '../src/modules/sync/sync.service.ts';
import { engineOptions, startSyncEmulator, storedDevices, type SyncEmulator } from './sync-harness.ts';
import { backendName, createTestDatabase, type TestDatabase } from './test-database.ts';

const ORGS = ['org-q1', 'org-q2', 'org-q3'];

async function waitFor(check: () => Promise<boolean>, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('timed out waiting for the sync runs');
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

describe(`sync jobs on two queue instances sharing one database (${backendName})`, () => {
  let testDb: TestDatabase;
  let emulator: SyncEmulator;
  const bosses: PgBoss[] = [];
  const shutdown = new AbortController();
  /** Which workers wrote pages of which run. */
  const writers = new Map<string, Set<string>>();

  beforeAll(async () => {
    testDb = await createTestDatabase();
    emulator = await startSyncEmulator({ size: 200, seed: 5 });
    for (const worker of ['worker-a', 'worker-b']) {
      const boss = await startJobQueue({ database: testDb.database, connectionString: testDb.url });
      bosses.push(boss);
      await ensureSyncRunQueue(boss);
      const engine = engineOptions(testDb.database, emulator, {
        workerId: worker,
        onPageCommitted: async (page) => {
          const set = writers.get(page.runId) ?? new Set();
          set.add(worker);
          writers.set(page.runId, set);
          // Slow pages widen the window in which a second delivery could start the same run.
          await new Promise((resolve) => setTimeout(resolve, 5));
        },
      });
      await workSyncRuns({
        boss,
        db: testDb.database.db,
        engine,
        shutdown: shutdown.signal,
        pollingIntervalSeconds: 0.5,
      });
    }
  });
  afterAll(async () => {
    shutdown.abort();
    for (const boss of bosses) await boss.stop({ graceful: true, timeout: 5000 });
    await emulator.close();
    await testDb.cleanup();
  });

  it('runs each organization sync exactly once, by one worker, whatever the number of requests', async () => {
    const [first, second] = bosses as [PgBoss, PgBoss];
    const runIds: string[] = [];
    for (const orgId of ORGS) {
      const input = {
        orgId,
        customerId: emulator.customerId,
        kind: 'full' as const,
        trigger: 'manual' as const,
      };
      const a = await startSync(testDb.database.db, first, { ...input, requestedBy: 'user-a' });
      // "Sync now" pressed again, on the other process: the open run is returned, no second job.
      const b = await startSync(testDb.database.db, second, { ...input, requestedBy: 'user-b' });
      expect(a.created).toBe(true);
      expect(b.created).toBe(false);
      expect(b.run.id).toBe(a.run.id);
      runIds.push(a.run.id);
    }
    await waitFor(async () => {
      const runs = await Promise.all(
        ORGS.map((orgId, i) => getRun(testDb.database.db, orgId, runIds[i] ?? '')),
      );
      return runs.every((run) => run?.status === 'succeeded' || run?.status === 'failed');
    }, 90_000);
    for (const [i, orgId] of ORGS.entries()) {
      const run = await getRun(testDb.database.db, orgId, runIds[i] ?? '');
      expect(run?.status).toBe('succeeded');
      expect(run?.attempts).toBe(1);
      expect(writers.get(runIds[i] ?? '')?.size).toBe(1);
      expect((await storedDevices(testDb.database, orgId)).length).toBe(200);
    }
  });

  it("gives onboarding's start the finished first copy back instead of copying the fleet again", async () => {
    const [first] = bosses as [PgBoss];
    const input = { orgId: 'org-q1', customerId: emulator.customerId, kind: 'full' as const };
    const again = await startSync(testDb.database.db, first, {
      ...input,
      trigger: 'onboarding',
      requestedBy: 'user-a',
    });
    expect(again.created).toBe(false);
    expect(again.run).toMatchObject({ kind: 'full', status: 'succeeded' });
    const runs = await testDb.database.db
      .selectFrom('sync_run')
      .select('id')
      .where('org_id', '=', 'org-q1')
      .execute();
    expect(runs).toHaveLength(1);
  });

  it('starts scheduled runs once per due schedule, however many schedulers tick', async () => {
    await writeSchedule(testDb.database.db, 'org-q1', emulator.customerId, {
      enabled: true,
      intervalMinutes: 5,
      fullEveryHours: 24,
    });
    await testDb.database.db
      .updateTable('sync_schedule')
      .set({ next_run_at: new Date(Date.now() - 1000) })
      .execute();
    const [first, second] = bosses as [PgBoss, PgBoss];
    const started = await Promise.all([
      startDueSyncs(first, testDb.database.db),
      startDueSyncs(second, testDb.database.db),
    ]);
    // Three schedules were due (one per organization synced above); each started exactly once.
    expect(started[0] + started[1]).toBe(3);
    const open = await testDb.database.db
      .selectFrom('sync_run')
      .select(['org_id', 'kind', 'trigger'])
      .where('trigger', '=', 'schedule')
      .orderBy('org_id')
      .execute();
    expect(open.map((r) => r.org_id)).toEqual(ORGS);
    // Each organization was copied in full minutes ago (the manual runs above): the schedule's
    // full run is 24 hours away, so these are incremental.
    expect(open.map((r) => r.kind)).toEqual(['incremental', 'incremental', 'incremental']);
    await waitFor(async () => {
      const rows = await testDb.database.db
        .selectFrom('sync_run')
        .select('status')
        .where('trigger', '=', 'schedule')
        .execute();
      return rows.every((r) => r.status === 'succeeded');
    }, 90_000);
  });
});
