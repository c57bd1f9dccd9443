import { spawn } from 'node:child_process';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backendName } from './test-database.ts';
import { runWorkerToEnd, workerEnv } from './worker-process.ts';
import {
  activeDevices,
  csvPlan,
  getPlan,
  googleWrites,
  ORG,
  planAction,
  someUnits,
  startPlanRunHarness,
  type PlanRunHarness,
} from './plan-run-harness.ts';

const WORKER = path.resolve(import.meta.dirname, 'fixtures/plan-worker-process.ts');
const LEASE_MS = 1_500;

/**
 * Why: a plan's process may die at the worst moment: Google has applied a call, Fleetdeck has not
 * written its answer. The process is killed with SIGKILL from inside the emulator's handler of
 * that call, before Google's answer leaves; a new process then takes the plan over, asks Google
 * for the devices whose call was under way, counts the applied ones as done, and goes on. No
 * device receives a change twice; every change is in history and the audit log once.
 */
describe(`a plan's process killed mid-run (${backendName})`, () => {
  let h: PlanRunHarness;
  let units: string[];

  beforeAll(async () => {
    h = await startPlanRunHarness({ size: 400, seed: 37 });
    units = await someUnits(h.db);
    await h.db.updateTable('org').set({ plan_writes_per_minute: 2_400 }).where('id', '=', 'org-a').execute();
  }, 60_000);
  afterAll(() => h.close());

  const env = (planId: string) =>
    workerEnv(
      h.emulator,
      { kind: 'postgres', url: h.testDb.url },
      {
        WORKER_ORG: ORG,
        WORKER_PLAN_ID: planId,
        WORKER_LEASE_MS: String(LEASE_MS),
      },
    );

  /** Runs the worker and kills it inside Google's handler of its `killAt`-th write call. */
  async function runAndKillAt(planId: string, killAt: number): Promise<NodeJS.Signals | null> {
    const journal = h.emulator.emu.state.writes;
    const record = journal.record.bind(journal);
    const child = spawn(process.execPath, [WORKER], {
      env: { ...process.env, ...env(planId) },
      stdio: 'ignore',
    });
    let calls = 0;
    journal.record = (ids) => {
      record(ids);
      calls += 1;
      // Google has applied the call; its answer never reaches the process.
      if (calls === killAt) child.kill('SIGKILL');
    };
    try {
      return await new Promise((resolve) => child.once('exit', (_code, signal) => resolve(signal)));
    } finally {
      journal.record = record;
    }
  }

  async function killedAndResumed(moves: number, notes: number, killAt: number, unit: string, skip: number) {
    h.emulator.emu.state.writes.reset();
    const devices = (await activeDevices(h.db, moves + notes + 60, skip))
      .filter((d) => d.org_unit_path !== unit)
      .slice(0, moves + notes);
    const rows = devices.map((d, i) =>
      i < moves
        ? { 'Device ID': d.device_id, 'New OU': unit, Notes: '' }
        : { 'Device ID': d.device_id, 'New OU': '', Notes: `kill ${i}` },
    );
    const plan = await csvPlan(h, rows);
    expect(plan.counts.change).toBe(moves + notes);
    expect((await planAction(h, plan.id, 'run')).statusCode).toBe(200);

    expect(await runAndKillAt(plan.id, killAt)).toBe('SIGKILL');
    const cut = await h.db
      .selectFrom('plan_item')
      .select(['device_id'])
      .where('plan_id', '=', plan.id)
      .where('run_state', '=', 'sending')
      .execute();
    expect(cut.length).toBeGreaterThan(0);

    await sleep(LEASE_MS + 300);
    expect(await runWorkerToEnd(WORKER, env(plan.id))).toContain('outcome done');
    const writes = googleWrites(h.emulator);
    for (const device of devices) expect(writes.byDevice[device.device_id], device.device_id).toBe(1);
    expect(writes.calls).toBe(Math.ceil(moves / 50) + notes);
    expect((await getPlan(h, plan.id)).run?.counts).toMatchObject({
      succeeded: moves + notes,
      failed: 0,
      sending: 0,
    });
    const history = await sql<{ device_id: string; n: number }>`select device_id, count(*)::int as n
      from fleet_device_history where org_id = ${ORG} and action_ref = ${`plan:${plan.id}`}
      group by device_id`.execute(h.db);
    expect(history.rows).toHaveLength(moves + notes);
    for (const row of history.rows) expect(row.n).toBe(1);
    const audited = await sql<{ n: number }>`select count(*)::int as n from audit_log
      where org_id = ${ORG} and target_type = 'device' and origin->>'planId' = ${plan.id}`.execute(h.db);
    expect(audited.rows[0]?.n).toBe(moves + notes);
    return cut.map((c) => c.device_id ?? '');
  }

  it('killed right after Google moved 50 devices: taken over, those 50 counted as moved, none moved twice', async () => {
    const unit = units.at(-1) as string;
    const cut = await killedAndResumed(100, 6, 2, unit, 0);
    expect(cut).toHaveLength(50);
    for (const id of cut.slice(0, 5))
      expect((await h.emulator.google.directory.getChromeOsDevice(id)).orgUnitPath).toBe(unit);
  }, 90_000);

  it("killed right after Google changed one device's notes: taken over, the change counted, none sent twice", async () => {
    const cut = await killedAndResumed(0, 8, 4, units[0] as string, 150);
    expect(cut).toHaveLength(1);
  }, 90_000);
});
