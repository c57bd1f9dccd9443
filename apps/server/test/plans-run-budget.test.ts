import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PlanProgress } from '@fleetdeck/shared/plan-contract';
import { quotaRefused, takeTurn } from '../src/modules/plans/plan-budget.ts';
import { backendName } from './test-database.ts';
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

/**
 * Why: Google allows a customer so many device writes a minute (60 on a free Education account);
 * a plan that goes over spends its time backing off. With the emulator holding to N writes a
 * window, a plan's run never has a write refused, sends moves 50 devices a call, ends when its
 * first estimate said (±20 %), shares the budget with the organization's other running plan, and
 * when Google refuses writes anyway (a lower quota than the owner set, a 403 quota error) it slows
 * down and still changes every device once. The window is shortened (12 s or 6 s), the emulator's
 * and the budget's alike, so several windows pass in a test.
 */
describe(`plan runs within Google's write quota (${backendName})`, () => {
  let h: PlanRunHarness;
  let units: string[];
  const WINDOW_MS = 6_000;
  const N = 12;

  beforeAll(async () => {
    h = await startPlanRunHarness({ size: 400, seed: 28 });
    units = await someUnits(h.db);
  }, 60_000);
  afterAll(() => h.close());

  async function setBudget(writesPerMinute: number, quota: number, windowMs = WINDOW_MS) {
    await h.db
      .updateTable('org')
      .set({ plan_writes_per_minute: writesPerMinute })
      .where('id', '=', ORG)
      .execute();
    await h.db.deleteFrom('plan_write_budget').execute();
    h.emulator.emu.state.writes.reset();
    h.emulator.emu.state.writes.setQuota(quota, windowMs);
  }

  /** A plan moving `moves` devices to one unit and changing the notes of `notes` others; started. */
  async function startedPlan(skip: number, moves: number, notes: number, unit: string) {
    const devices = (await activeDevices(h.db, moves + notes + 40, skip))
      .filter((device) => device.org_unit_path !== unit)
      .slice(0, moves + notes);
    expect(devices).toHaveLength(moves + notes);
    const rows = devices.map((device, i) =>
      i < moves
        ? { 'Device ID': device.device_id, 'New OU': unit, Notes: '' }
        : { 'Device ID': device.device_id, 'New OU': '', Notes: `Inventory ${skip}-${i}` },
    );
    const plan = await csvPlan(h, rows);
    expect(plan.counts.change).toBe(moves + notes);
    expect((await planAction(h, plan.id, 'run')).statusCode).toBe(200);
    return { plan, devices };
  }

  const firstEstimate = (planId: string) =>
    (
      h.published.find((p) => p.event === 'plan.progress' && (p.payload as PlanProgress).id === planId)
        ?.payload as PlanProgress | undefined
    )?.secondsLeft;

  it('never has a write refused, moves 50 devices a call, and ends at the predicted time ±20 %', async () => {
    // A turn about every second, as at 60 writes a minute: a loaded machine's own delays fit in it.
    await setBudget(N, N, 2 * WINDOW_MS);
    const target = units.at(-1) as string;
    const { plan, devices } = await startedPlan(0, 100, 16, target);
    const calls: string[] = [];
    const runner = h.runner({
      windowMs: 2 * WINDOW_MS,
      onCall: (call) => calls.push(`${call.part}:${call.devices}`),
    });
    const started = performance.now();
    expect(await runner.run(ORG, plan.id)).toBe('done');
    const seconds = (performance.now() - started) / 1000;
    // Two calls of 50 moved devices, one call per notes change.
    expect(calls.filter((c) => c === 'move:50')).toHaveLength(2);
    expect(calls.filter((c) => c === 'patch:1')).toHaveLength(16);
    const writes = googleWrites(h.emulator);
    expect(writes).toMatchObject({ calls: 18, throttled: 0 });
    expect(writes.maxInWindow).toBeLessThanOrEqual(N);
    for (const device of devices) expect(writes.byDevice[device.device_id]).toBe(1);
    const predicted = firstEstimate(plan.id) as number;
    expect(predicted).toBeGreaterThan(3);
    expect(seconds).toBeGreaterThan(predicted * 0.8);
    expect(seconds).toBeLessThan(predicted * 1.2);
    const done = await getPlan(h, plan.id);
    expect(done.state).toBe('done');
    expect(done.run).toMatchObject({ counts: { succeeded: 116, pending: 0, sending: 0 }, callsLeft: 0 });
    for (const device of devices.slice(0, 100))
      expect((await h.emulator.google.directory.getChromeOsDevice(device.device_id)).orgUnitPath).toBe(
        target,
      );
  }, 60_000);

  it('shares the budget between two plans of the organization', async () => {
    await setBudget(N, N);
    const first = await startedPlan(120, 0, 9, units[1] as string);
    const second = await startedPlan(130, 0, 9, units[1] as string);
    const runner = h.runner({ windowMs: WINDOW_MS });
    const started = performance.now();
    const outcomes = await Promise.all([
      runner.run(ORG, first.plan.id),
      h.runner({ windowMs: WINDOW_MS }).run(ORG, second.plan.id),
    ]);
    const seconds = (performance.now() - started) / 1000;
    expect(outcomes).toEqual(['done', 'done']);
    const writes = googleWrites(h.emulator);
    expect(writes).toMatchObject({ calls: 18, throttled: 0 });
    expect(writes.maxInWindow).toBeLessThanOrEqual(N);
    // 18 turns of one budget, not 9 of two.
    const spacing = WINDOW_MS / N / 1000;
    expect(seconds).toBeGreaterThan(17 * spacing * 0.9);
  }, 60_000);

  it('slows down on Google quota errors (429, and a 403 quota error) and still changes every device once', async () => {
    // The owner allows more than Google does: Google refuses some writes, the budget halves.
    await setBudget(2 * N, N / 2);
    await h.emulator.control('faults', {
      status: 403,
      count: 1,
      api: 'directory',
      reason: 'userRateLimitExceeded',
      path: '/devices/chromeos/',
    });
    const { plan, devices } = await startedPlan(140, 0, 14, units[0] as string);
    expect(await h.runner({ windowMs: WINDOW_MS }).run(ORG, plan.id)).toBe('done');
    const writes = googleWrites(h.emulator);
    expect(writes.throttled).toBeGreaterThan(0);
    for (const device of devices) expect(writes.byDevice[device.device_id]).toBe(1);
    const budget = await h.db
      .selectFrom('plan_write_budget')
      .selectAll()
      .where('org_id', '=', ORG)
      .executeTakeFirstOrThrow();
    expect(budget.quota_errors).toBeGreaterThanOrEqual(2);
    expect(budget.rate).toBeLessThan(2 * N);
    const done = await getPlan(h, plan.id);
    expect(done.run?.counts).toMatchObject({ succeeded: 14, failed: 0, skipped: 0 });
  }, 90_000);

  it("halves the rate on a quota error, waits Google's Retry-After, and raises it back a tenth a quiet window", async () => {
    await h.db.updateTable('org').set({ plan_writes_per_minute: 60 }).where('id', '=', ORG).execute();
    await h.db.deleteFrom('plan_write_budget').execute();
    expect((await takeTurn(h.db, ORG)).rate).toBe(60);
    expect(await quotaRefused(h.db, ORG, 5_000)).toBe(30);
    const cooled = await takeTurn(h.db, ORG);
    expect(cooled.rate).toBe(30);
    expect(cooled.waitMs).toBeGreaterThan(4_000);
    // Not quiet yet: the rate stays.
    expect((await takeTurn(h.db, ORG)).rate).toBe(30);
    const quietFor = (ms: number) =>
      h.db
        .updateTable('plan_write_budget')
        .set({
          last_quota_at: new Date(Date.now() - ms),
          raised_at: new Date(Date.now() - ms),
          next_at: new Date(),
          cool_until: null,
        })
        .where('org_id', '=', ORG)
        .execute();
    await quietFor(61_000);
    expect((await takeTurn(h.db, ORG)).rate).toBe(36);
    // Raised just now: the next raise waits for the next quiet window.
    expect((await takeTurn(h.db, ORG)).rate).toBe(36);
    for (const expected of [42, 48, 54, 60, 60]) {
      await quietFor(61_000);
      expect((await takeTurn(h.db, ORG)).rate).toBe(expected);
    }
    // The owner's lower setting caps the rate at once.
    await h.db.updateTable('org').set({ plan_writes_per_minute: 20 }).where('id', '=', ORG).execute();
    expect((await takeTurn(h.db, ORG)).rate).toBe(20);
  });
});
