import { setTimeout as sleep } from 'node:timers/promises';
import { sql } from 'kysely';
import type { PgBoss } from 'pg-boss';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bulkRunQueue, requeueStaleBulkRuns, workBulkRuns } from '../src/jobs/bulk-run.job.ts';
import { startJobQueue } from '../src/jobs/job-queue.ts';
import { createBulkRunner } from '../src/modules/devices/bulk-runner.ts';
import { as, ORG, previewAndStart, startDeviceHarness, type DeviceHarness } from './device-harness.ts';
import { backendName } from './test-database.ts';

/**
 * Why: in a process that runs jobs, a started bulk run is a `bulk-run` job that runs it to its
 * end, and a run whose process stopped (its lease lapsed, no job left) is put back on the queue
 * by the next pass and finished from its pending rows, each device changed once. Through pg-boss
 * on the test database.
 */
describe(`bulk runs on the job queue (${backendName})`, () => {
  let h: DeviceHarness;
  let boss: PgBoss;
  let worker: { stop(): void };
  let pool: string[];
  const shutdown = new AbortController();

  beforeAll(async () => {
    h = await startDeviceHarness({ size: 120, chunkSize: 10 });
    boss = await startJobQueue({ database: h.testDb.database });
    worker = await workBulkRuns({
      boss,
      db: h.testDb.database.db,
      runner: createBulkRunner({ deps: h.deps, chunkSize: 10 }),
      shutdown: shutdown.signal,
      pollingIntervalSeconds: 0.5,
      // The test calls the pass itself.
      resumeIntervalMs: 3_600_000,
    });
    const { rows } = await sql<{ device_id: string }>`select device_id from fleet_device
      where org_id = ${ORG} and status = 'ACTIVE' and deleted_at is null order by device_id`.execute(
      h.testDb.database.db,
    );
    pool = rows.map((row) => row.device_id);
    // Runs start on the queue only: the harness's own runs stay paused.
    h.paused = true;
  }, 60_000);
  afterAll(async () => {
    worker.stop();
    shutdown.abort();
    await boss.stop({ graceful: false });
    await h.close();
  });

  /** Starts an annotate run as the bulk dialog does, left queued (no job yet). */
  async function queuedRun(deviceIds: string[], notes: string): Promise<string> {
    const started = await previewAndStart(
      h,
      { target: { deviceIds }, action: { kind: 'annotate', fields: { notes } } },
      as('admin'),
    );
    expect(started.statusCode, started.body).toBe(202);
    return started.json<{ id: string }>().id;
  }

  async function untilEnded(runId: string) {
    for (let waited = 0; waited < 30_000; waited += 200) {
      const run = await h.testDb.database.db
        .selectFrom('bulk_action_run')
        .select(['status', 'lease_owner'])
        .where('id', '=', runId)
        .executeTakeFirstOrThrow();
      if (run.status !== 'queued' && run.status !== 'running') return run;
      await sleep(200);
    }
    throw new Error(`bulk run ${runId} did not end`);
  }

  async function expectEachOnce(runId: string, deviceIds: string[], notes: string) {
    const results = await h.testDb.database.db
      .selectFrom('bulk_action_result')
      .select(['device_id', 'state', 'attempts'])
      .where('run_id', '=', runId)
      .orderBy('device_id')
      .execute();
    expect(results.map((r) => [r.device_id, r.state, r.attempts])).toEqual(
      [...deviceIds].sort().map((id) => [id, 'succeeded', 1]),
    );
    for (const id of deviceIds)
      expect((await h.emulator.google.directory.getChromeOsDevice(id)).notes).toBe(notes);
  }

  it('runs a started run from the queue to its end', async () => {
    const deviceIds = pool.slice(0, 25);
    const runId = await queuedRun(deviceIds, 'queued run');
    await bulkRunQueue(boss, (error) => {
      throw error;
    }).enqueue(ORG, runId);
    expect(await untilEnded(runId)).toEqual({ status: 'succeeded', lease_owner: null });
    await expectEachOnce(runId, deviceIds, 'queued run');
    expect(await boss.findJobs('bulk-run', { key: runId })).toHaveLength(1);
  }, 60_000);

  it('puts a run whose process stopped back on the queue, and finishes it', async () => {
    const deviceIds = pool.slice(30, 45);
    const runId = await queuedRun(deviceIds, 'resumed run');
    // Running, as a process that died left it: no job, its lease lapsed.
    await h.testDb.database.db
      .updateTable('bulk_action_run')
      .set({ status: 'running', lease_owner: 'gone', lease_until: new Date(Date.now() - 1_000) })
      .where('id', '=', runId)
      .execute();
    expect(await requeueStaleBulkRuns(boss, h.testDb.database.db)).toBeGreaterThanOrEqual(1);
    expect(await untilEnded(runId)).toEqual({ status: 'succeeded', lease_owner: null });
    await expectEachOnce(runId, deviceIds, 'resumed run');
  }, 60_000);
});
