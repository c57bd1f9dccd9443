import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Plan } from '@fleetdeck/shared/plan-contract';
import { listOutbox } from '../src/modules/mail/outbox-mailer.ts';
import { backendName } from './test-database.ts';
import {
  activeDevices,
  as,
  csvPlan,
  getPlan,
  googleWrites,
  ORG,
  planAction,
  startPlanRunHarness,
  USERS,
  type PlanRunHarness,
} from './plan-run-harness.ts';

/**
 * Why: what a run meets besides the quota. The member who started it may lose units before it runs
 * (their devices there are skipped, not changed); Google may refuse the connected admin's privilege
 * (the plan pauses and says why, and goes on when resumed); Google may fail a call in a way that
 * leaves its outcome unknown (the device is read at Google before it is sent again, so it is sent
 * once more only because Google does not hold the change). Open pages hear which devices changed.
 */
describe(`what a plan's run meets (${backendName})`, () => {
  let h: PlanRunHarness;

  beforeAll(async () => {
    h = await startPlanRunHarness({ size: 250, seed: 53 });
    await h.db.updateTable('org').set({ plan_writes_per_minute: 1_200 }).where('id', '=', ORG).execute();
  }, 60_000);
  afterAll(() => h.close());

  const notesPlan = async (skip: number, count: number, headers = as('admin')) => {
    const devices = await activeDevices(h.db, count, skip);
    const plan = await csvPlan(
      h,
      devices.map((d, i) => ({ 'Device ID': d.device_id, Notes: `faults ${skip}-${i}` })),
      headers,
    );
    return { devices, plan };
  };

  it("skips the devices outside the starter's units as they are when it runs", async () => {
    const devices = await activeDevices(h.db, 60);
    const [first] = devices;
    const unit = first?.org_unit_path ?? '/';
    const mine = devices.filter((d) => d.org_unit_path === unit).slice(0, 3);
    const elsewhere = devices.filter((d) => d.org_unit_path !== unit).slice(0, 2);
    await h.db
      .updateTable('org_member')
      .set({ ou_scope: JSON.stringify([unit]) })
      .where('user_id', '=', USERS.tech)
      .execute();
    const tech = as('technician', USERS.tech, { scope: unit });
    const plan = await csvPlan(
      h,
      [...mine, ...elsewhere].map((d) => ({ 'Device ID': d.device_id, Notes: 'units' })),
      tech,
    );
    expect(plan.counts).toMatchObject({ change: mine.length, out_of_scope: elsewhere.length });
    expect((await planAction(h, plan.id, 'run', tech)).statusCode).toBe(200);
    // Before it runs, an owner narrows the technician to a unit none of these devices is in.
    await h.db
      .updateTable('org_member')
      .set({ ou_scope: JSON.stringify(['/No such unit']) })
      .where('user_id', '=', USERS.tech)
      .execute();
    expect(await h.runner().run(ORG, plan.id)).toBe('done');
    const done = await getPlan(h, plan.id, tech);
    expect(done.run?.counts).toMatchObject({ skipped: mine.length, succeeded: 0 });
    for (const device of mine) expect(googleWrites(h.emulator).byDevice[device.device_id]).toBeUndefined();
    const items = await h.db
      .selectFrom('plan_item')
      .select('run_message')
      .where('plan_id', '=', plan.id)
      .where('run_state', '=', 'skipped')
      .execute();
    for (const item of items)
      expect(item.run_message).toMatch(/Outside the units of the member who started the run/);
  }, 60_000);

  it("pauses with why when Google refuses the admin's privilege, and goes on when resumed", async () => {
    const { plan, devices } = await notesPlan(80, 6);
    expect((await planAction(h, plan.id, 'run')).statusCode).toBe(200);
    await h.emulator.control('faults', {
      status: 403,
      count: 1,
      api: 'directory',
      reason: 'forbidden',
      path: '/devices/chromeos/',
    });
    expect(await h.runner().run(ORG, plan.id)).toBe('paused');
    const paused = await getPlan(h, plan.id);
    expect(paused.state).toBe('paused');
    expect(paused.run?.note).toMatch(/lacks the Chrome device privilege/);
    expect(paused.run?.counts).toMatchObject({ sending: 0, failed: 0 });
    expect((await planAction(h, plan.id, 'resume')).statusCode).toBe(200);
    expect(await h.runner().run(ORG, plan.id)).toBe('done');
    expect((await getPlan(h, plan.id)).run).toMatchObject({ counts: { succeeded: 6 }, note: null });
    for (const device of devices) expect(googleWrites(h.emulator).byDevice[device.device_id]).toBe(1);
    const audit = await h.db
      .selectFrom('audit_log')
      .select(['action', 'outcome'])
      .where('target_id', '=', plan.id)
      .execute();
    expect(audit).toEqual(
      expect.arrayContaining([
        { action: 'plan.paused', outcome: 'failure' },
        { action: 'plan.resumed', outcome: 'success' },
      ]),
    );
  }, 60_000);

  it('reads the device at Google after a 503 and sends it again only because Google does not hold the change', async () => {
    const { plan, devices } = await notesPlan(100, 5);
    expect((await planAction(h, plan.id, 'run')).statusCode).toBe(200);
    await h.emulator.control('faults', {
      status: 503,
      count: 1,
      api: 'directory',
      path: '/devices/chromeos/',
    });
    const before = h.published.length;
    expect(await h.runner({ progressEveryMs: 0 }).run(ORG, plan.id)).toBe('done');
    const items = await h.db
      .selectFrom('plan_item')
      .select(['device_id', 'attempts', 'run_state'])
      .where('plan_id', '=', plan.id)
      .orderBy('item_no')
      .execute();
    expect(items.map((item) => item.run_state)).toEqual(devices.map(() => 'succeeded'));
    expect(items.filter((item) => item.attempts === 2)).toHaveLength(1);
    for (const device of devices) expect(googleWrites(h.emulator).byDevice[device.device_id]).toBe(1);
    // Open pages heard which devices changed; a short run mails nobody.
    const named = h.published
      .slice(before)
      .filter((p) => p.event === 'fleet.changed')
      .flatMap((p) => (p.payload as { deviceIds?: string[] }).deviceIds ?? []);
    expect(new Set(named)).toEqual(new Set(devices.map((d) => d.device_id)));
    expect(
      (await listOutbox(h.db, 'admin@riverbend.example', 50)).filter((m) => m.subject.includes(plan.title)),
    ).toEqual([]);
  }, 60_000);

  it('runs a rollover in its safe order: a unit empties before devices arrive in it, none moved twice', async () => {
    const { rows } = await sql<{ path: string; n: number }>`select org_unit_path as path, count(*)::int as n
      from fleet_device where org_id = ${ORG} and org_unit_path like '%/Grade %' group by org_unit_path
      having count(*) >= 2 order by org_unit_path`.execute(h.db);
    const [a, b] = rows;
    const c = rows.find((row) => row.path !== a?.path && row.path !== b?.path);
    if (!a || !b || !c) throw new Error('the fleet has too few grade units');
    const response = await h.app.inject({
      method: 'POST',
      url: '/api/plans/rollover',
      headers: as('admin'),
      payload: {
        pairs: [
          { from: a.path, to: b.path },
          { from: b.path, to: c.path },
        ],
      },
    });
    expect(response.statusCode, response.body).toBe(201);
    const plan = response.json<Plan>();
    expect((await planAction(h, plan.id, 'run')).statusCode).toBe(200);
    h.emulator.emu.state.writes.reset();
    expect(await h.runner().run(ORG, plan.id)).toBe('done');
    const moves = await h.db
      .selectFrom('audit_log')
      .select(['target_id', 'details', 'chain_seq'])
      .where('action', '=', 'device.move')
      .where(sql<boolean>`origin->>'planId' = ${plan.id}`)
      .orderBy('chain_seq')
      .execute();
    const into = moves.map((m) => (m.details as { after: { orgUnitPath: string } }).after.orgUnitPath);
    expect(into.filter((path) => path === c.path)).toHaveLength(b.n);
    expect(into.filter((path) => path === b.path)).toHaveLength(a.n);
    // Every device of B went to C before the first device of A arrived in B.
    expect(into.lastIndexOf(c.path)).toBeLessThan(into.indexOf(b.path));
    for (const move of moves) expect(googleWrites(h.emulator).byDevice[move.target_id ?? '']).toBe(1);
  }, 60_000);
});
