import { setTimeout as sleep } from 'node:timers/promises';
import type { PgBoss } from 'pg-boss';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startJobQueue } from '../src/jobs/job-queue.ts';
import { planRunQueue, requeueStalePlans, workPlanRuns } from '../src/jobs/plan-run.job.ts';
import { startPlanRun } from '../src/modules/plans/plan-run.service.ts';
import { backendName } from './test-database.ts';
import {
  activeDevices,
  csvPlan,
  getPlan,
  googleWrites,
  ORG,
  startPlanRunHarness,
  USERS,
  type PlanRunHarness,
} from './plan-run-harness.ts';

/**
 * Why: plans run on the job queue, a slice of time per job (a plan of hours never holds one job),
 * put back on the queue between slices, and a running plan that lost its process is put back on
 * the queue by the next pass. Through pg-boss on the test database.
 */
describe(`plans on the job queue (${backendName})`, () => {
  let h: PlanRunHarness;
  let boss: PgBoss;
  let worker: { stop(): void };
  const shutdown = new AbortController();

  beforeAll(async () => {
    h = await startPlanRunHarness({ size: 200, seed: 44 });
    boss = await startJobQueue({ database: h.testDb.database });
    // Slices of a second and a half: a plan of a few seconds takes several jobs.
    worker = await workPlanRuns({
      boss,
      db: h.db,
      runner: h.runner(),
      shutdown: shutdown.signal,
      sliceMs: 1_500,
      pollingIntervalSeconds: 0.5,
    });
    await h.db.updateTable('org').set({ plan_writes_per_minute: 240 }).where('id', '=', ORG).execute();
  }, 60_000);
  afterAll(async () => {
    worker.stop();
    shutdown.abort();
    await boss.stop({ graceful: false });
    await h.close();
  });

  async function untilDone(planId: string) {
    for (let waited = 0; waited < 40_000; waited += 200) {
      const plan = await getPlan(h, planId);
      if (plan.state === 'done') return plan;
      await sleep(200);
    }
    throw new Error(`plan ${planId} did not finish`);
  }

  it('runs a started plan from the queue in slices, to its end', async () => {
    const devices = await activeDevices(h.db, 16);
    const plan = await csvPlan(
      h,
      devices.map((d, i) => ({ 'Device ID': d.device_id, Notes: `queued ${i}` })),
    );
    const tenant = {
      orgId: ORG,
      customerId: h.emulator.customerId,
      userId: USERS.admin,
      role: 'admin' as const,
      allowedOuPaths: ['/'],
    };
    await startPlanRun(
      { db: h.db, tenant, meta: {}, stepUp: async () => undefined, queue: planRunQueue(boss) },
      plan.id,
    );
    const done = await untilDone(plan.id);
    expect(done.run?.counts).toMatchObject({ succeeded: 16, pending: 0 });
    // 16 writes at 4 a second take about four seconds: more than one slice.
    const jobs = await boss.findJobs('plan-run', { key: plan.id });
    expect(jobs.length).toBeGreaterThan(1);
    const writes = googleWrites(h.emulator);
    for (const device of devices) expect(writes.byDevice[device.device_id]).toBe(1);
  }, 60_000);

  it('puts a running plan whose process stopped back on the queue', async () => {
    const devices = await activeDevices(h.db, 3, 40);
    const plan = await csvPlan(
      h,
      devices.map((d) => ({ 'Device ID': d.device_id, Notes: 'stale' })),
    );
    // Running, as a process that died left it: no job, its lease lapsed.
    await h.db
      .updateTable('plan')
      .set({
        state: 'running',
        run_by: USERS.admin,
        lease_owner: 'gone',
        lease_until: new Date(Date.now() - 1_000),
      })
      .where('id', '=', plan.id)
      .execute();
    expect(await requeueStalePlans(boss, h.db)).toBeGreaterThanOrEqual(1);
    expect((await untilDone(plan.id)).run?.counts).toMatchObject({ succeeded: 3 });
  }, 60_000);
});
