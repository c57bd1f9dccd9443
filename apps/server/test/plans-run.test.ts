import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Plan, PlanDetail } from '@fleetdeck/shared/plan-contract';
import { listAudit } from '../src/modules/audit/audit-query.ts';
import { getDeviceTimeline } from '../src/modules/devices/device-timeline.ts';
import { listOutbox } from '../src/modules/mail/outbox-mailer.ts';
import { backendName } from './test-database.ts';
import {
  activeDevices,
  as,
  csvPlan,
  getPlan,
  googleWrites,
  ORG,
  OTHER_ORG,
  planAction,
  someUnits,
  startPlanRunHarness,
  USERS,
  type PlanRunHarness,
} from './plan-run-harness.ts';

/**
 * Why: a plan's run is the change admins fear most; it must start only when approved and after a
 * second factor, stop between two calls when paused and go on from there, leave each change in
 * the audit log and the device's timeline under the plan's name, end with a results file and a
 * mail to its author, and offer an undo that puts each device back as it was, except devices
 * changed since, which it lists with why.
 */
describe(`running, pausing, undoing a change plan (${backendName})`, () => {
  let h: PlanRunHarness;
  let units: string[];

  beforeAll(async () => {
    h = await startPlanRunHarness({ size: 300, seed: 31 });
    units = await someUnits(h.db);
    // Fast turns: these tests are about what happens, not how fast.
    await h.db.updateTable('org').set({ plan_writes_per_minute: 600 }).where('id', '=', ORG).execute();
  }, 60_000);
  afterAll(() => h.close());

  /** Active devices outside the first unit (the one plans move devices to). */
  const pick = async (skip: number, count: number) =>
    (await activeDevices(h.db, count + 30, skip)).filter((d) => d.org_unit_path !== units[0]).slice(0, count);

  async function planOf(skip: number, count: number, row: (id: string, i: number) => Record<string, string>) {
    const devices = await pick(skip, count);
    return {
      devices,
      plan: await csvPlan(
        h,
        devices.map((d, i) => row(d.device_id, i)),
      ),
    };
  }

  it('starts only an approved plan, after step-up, as a member with its rights; others answer 404', async () => {
    const { plan } = await planOf(0, 3, (id) => ({ 'Device ID': id, 'New OU': units[0] as string }));
    expect(
      (await planAction(h, plan.id, 'run', as('admin', USERS.admin, { stepUp: false }))).json(),
    ).toMatchObject({
      error: 'step_up_required',
    });
    expect(
      (await planAction(h, plan.id, 'run', as('admin', USERS.admin, { org: OTHER_ORG }))).statusCode,
    ).toBe(404);
    expect((await planAction(h, plan.id, 'run', as('viewer', 'user-viewer'))).statusCode).toBe(403);
    expect((await planAction(h, plan.id, 'pause')).statusCode).toBe(409);
    // A second admin may not run the author's draft; the author may (it is under the threshold).
    expect((await planAction(h, plan.id, 'run', as('admin', USERS.admin2))).statusCode).toBe(409);
    const started = await planAction(h, plan.id, 'run');
    expect(started.statusCode).toBe(200);
    expect(started.json<Plan>()).toMatchObject({ state: 'running', approval: { required: false } });
    expect(h.enqueued).toContain(plan.id);
    expect((await planAction(h, plan.id, 'run')).statusCode).toBe(409);
    // Above the threshold it waits for a second member's approval.
    await h.db.updateTable('org').set({ plan_approval_threshold: 1 }).where('id', '=', ORG).execute();
    const { plan: big } = await planOf(10, 2, (id) => ({ 'Device ID': id, Notes: 'big' }));
    expect((await planAction(h, big.id, 'run')).statusCode).toBe(409);
    expect((await planAction(h, big.id, 'submit')).statusCode).toBe(200);
    expect((await planAction(h, big.id, 'approve', as('admin', USERS.admin2))).statusCode).toBe(200);
    expect((await planAction(h, big.id, 'run', as('admin', USERS.admin2))).statusCode).toBe(200);
    await h.db.updateTable('org').set({ plan_approval_threshold: 500 }).where('id', '=', ORG).execute();
    for (const id of [plan.id, big.id]) expect(await h.runner().run(ORG, id)).toBe('done');
  }, 60_000);

  it('pauses between two calls, resumes from there, and sends no device twice', async () => {
    await h.db.updateTable('org').set({ plan_writes_per_minute: 120 }).where('id', '=', ORG).execute();
    await h.db.deleteFrom('plan_write_budget').execute();
    const { plan, devices } = await planOf(20, 12, (id, i) => ({ 'Device ID': id, Notes: `pause ${i}` }));
    expect((await planAction(h, plan.id, 'run')).statusCode).toBe(200);
    let calls = 0;
    const runner = h.runner({ onCall: () => (calls += 1) });
    const running = runner.run(ORG, plan.id);
    while (calls < 3) await sleep(20);
    const paused = await planAction(h, plan.id, 'pause', as('admin', USERS.admin2));
    expect(paused.json<Plan>()).toMatchObject({
      state: 'paused',
      run: { pausedBy: { userId: USERS.admin2 } },
    });
    expect(await running).toBe('paused');
    const midway = await getPlan(h, plan.id);
    expect(midway.run?.counts.sending).toBe(0);
    expect(midway.run?.counts.succeeded).toBeGreaterThanOrEqual(3);
    expect(midway.run?.counts.pending).toBeGreaterThan(0);
    expect(await h.runner().run(ORG, plan.id)).toBe('not_claimed');
    expect((await planAction(h, plan.id, 'resume', as('admin', USERS.admin2))).json<Plan>()).toMatchObject({
      state: 'running',
      run: { startedBy: { userId: USERS.admin2 } },
    });
    expect(await h.runner().run(ORG, plan.id)).toBe('done');
    const writes = googleWrites(h.emulator);
    for (const device of devices) expect(writes.byDevice[device.device_id]).toBe(1);
    expect((await getPlan(h, plan.id)).run?.counts).toMatchObject({ succeeded: 12, pending: 0 });
    await h.db.updateTable('org').set({ plan_writes_per_minute: 600 }).where('id', '=', ORG).execute();
  }, 60_000);

  it('links each change from the audit log and the timeline, writes results, mails the author, and undoes', async () => {
    const [moved, noted, disabled, changedSince] = await pick(40, 4);
    const rows = [
      { 'Device ID': moved?.device_id ?? '', 'New OU': units[0] as string, Notes: '', Status: '' },
      { 'Device ID': noted?.device_id ?? '', 'New OU': '', Notes: 'Loaned to the library', Status: '' },
      { 'Device ID': disabled?.device_id ?? '', 'New OU': units[0] as string, Notes: '', Status: 'disable' },
      { 'Device ID': changedSince?.device_id ?? '', 'New OU': '', Notes: 'Undo will skip me', Status: '' },
      { 'Device ID': 'no-such-device', 'New OU': units[0] as string, Notes: '', Status: '' },
    ];
    const plan = await csvPlan(h, rows);
    expect(plan.counts).toMatchObject({ change: 4, not_found: 1 });
    expect((await planAction(h, plan.id, 'run')).statusCode).toBe(200);
    expect(await h.runner({ mailAfterMs: 0 }).run(ORG, plan.id)).toBe('done');
    const google = h.emulator.google.directory;
    expect(await google.getChromeOsDevice(disabled?.device_id ?? '')).toMatchObject({
      status: 'DISABLED',
      orgUnitPath: units[0],
    });

    const audit = await h.db
      .selectFrom('audit_log')
      .select(['action', 'target_id', 'origin', 'actor_user_id'])
      .where('org_id', '=', ORG)
      .where('target_type', '=', 'device')
      .where(
        'target_id',
        'in',
        [moved, noted, disabled].map((d) => d?.device_id ?? ''),
      )
      .execute();
    expect(audit.map((a) => a.action).sort()).toEqual([
      'device.annotate',
      'device.disable',
      'device.move',
      'device.move',
    ]);
    for (const entry of audit) {
      expect(entry.origin).toEqual({ kind: 'plan', planId: plan.id });
      expect(entry.actor_user_id).toBe(USERS.admin);
    }
    // The audit log filtered by the plan: its own entries and each device change of its run.
    const byPlanLog = await listAudit(h.db, ORG, { limit: 50, planId: plan.id });
    expect(byPlanLog.entries.map((e) => e.action).sort()).toEqual([
      'device.annotate',
      'device.annotate',
      'device.disable',
      'device.move',
      'device.move',
      'plan.created',
      'plan.finished',
      'plan.started',
      'plan.submitted',
    ]);
    const tenant = {
      orgId: ORG,
      customerId: h.emulator.customerId,
      userId: USERS.admin,
      role: 'admin' as const,
      allowedOuPaths: ['/'],
    };
    const deps = { db: h.db, googleFor: () => h.emulator.google, publishChanged: () => undefined };
    const timeline = await getDeviceTimeline(deps, tenant, disabled?.device_id ?? '', { limit: 10 });
    const byPlan = timeline.entries.filter((entry) => entry.plan?.id === plan.id);
    expect(byPlan.map((entry) => entry.kind).sort()).toEqual(['org_unit', 'status']);
    expect(byPlan[0]?.summary).toContain(`(changed by plan "${plan.title}")`);

    const csv = await h.app.inject({
      method: 'GET',
      url: `/api/plans/${plan.id}/results.csv`,
      headers: as('admin'),
    });
    expect(csv.headers['content-type']).toMatch(/^text\/csv/);
    const lines = csv.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe('Row,Device ID,Serial,Outcome,Message');
    expect(lines).toHaveLength(6);
    expect(lines.filter((line) => line.includes(',Changed,'))).toHaveLength(4);
    expect(lines.some((line) => line.includes('no-such-device,Not found,'))).toBe(true);
    expect(
      (
        await h.app.inject({
          method: 'GET',
          url: `/api/plans/${plan.id}/results.csv`,
          headers: as('admin', USERS.admin, { org: OTHER_ORG }),
        })
      ).statusCode,
    ).toBe(404);
    const mails = await listOutbox(h.db, 'admin@riverbend.example', 10);
    expect(mails.find((mail) => mail.subject.includes(plan.title))).toMatchObject({
      link: `https://fleetdeck.example/plans/${plan.id}`,
    });

    // Someone changes one device's notes at Google after the plan; the next sync brings it in.
    await google.patchChromeOsDevice(changedSince?.device_id ?? '', { notes: 'Edited by hand' });
    await h.db
      .updateTable('fleet_device')
      .set({ notes: 'Edited by hand' })
      .where('org_id', '=', ORG)
      .where('device_id', '=', changedSince?.device_id ?? '')
      .execute();
    const undoAnswer = await planAction(h, plan.id, 'undo');
    expect(undoAnswer.statusCode).toBe(201);
    const undo = undoAnswer.json<Plan>();
    expect(undo).toMatchObject({ kind: 'undo', undoOf: plan.id, counts: { change: 3, changed_since: 1 } });
    expect((await planAction(h, plan.id, 'undo')).statusCode).toBe(409);
    const skipped = await h.app.inject({
      method: 'GET',
      url: `/api/plans/${undo.id}?outcome=changed_since`,
      headers: as('admin'),
    });
    expect(skipped.json<PlanDetail>().items).toEqual([
      expect.objectContaining({
        deviceId: changedSince?.device_id,
        reason: expect.stringContaining('notes is "Edited by hand"'),
      }),
    ]);
    expect((await planAction(h, undo.id, 'run')).statusCode).toBe(200);
    expect(await h.runner().run(ORG, undo.id)).toBe('done');
    expect(await google.getChromeOsDevice(disabled?.device_id ?? '')).toMatchObject({
      status: 'ACTIVE',
      orgUnitPath: disabled?.org_unit_path,
    });
    expect((await google.getChromeOsDevice(moved?.device_id ?? '')).orgUnitPath).toBe(moved?.org_unit_path);
    expect((await google.getChromeOsDevice(noted?.device_id ?? '')).notes || null).toBe(noted?.notes || null);
    expect((await google.getChromeOsDevice(changedSince?.device_id ?? '')).notes).toBe('Edited by hand');
    expect(await getPlan(h, plan.id)).toMatchObject({ state: 'undone', undoPlanId: undo.id });
    const listed = await h.app.inject({ method: 'GET', url: '/api/plans', headers: as('admin') });
    expect(listed.json<{ plans: Plan[] }>().plans.find((p) => p.id === plan.id)).toMatchObject({
      state: 'undone',
      undoPlanId: undo.id,
      run: { counts: { succeeded: 4 }, callsLeft: 0, secondsLeft: null, startedBy: { userId: USERS.admin } },
    });
  }, 90_000);
});
