import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BulkActionRun, BulkPreview, BulkPreviewRequest } from '@fleetdeck/shared/bulk-contract';
import type { Plan, PlanDetail, PlanProgress } from '@fleetdeck/shared/plan-contract';
import {
  activeDevices,
  as,
  getPlan,
  googleWrites,
  ORG,
  planAction,
  someUnits,
  startPlanRunHarness,
  USERS,
  type PlanRunHarness,
} from './plan-run-harness.ts';
import { backendName } from './test-database.ts';

/**
 * Bulk actions above the organization's plan threshold (decision 048): starting one saves a plan
 * of kind `bulk_action` awaiting a second member's approval instead of running it, and sends
 * nothing to Google; the plan runner then applies it (and undo reverses it) as any plan. A
 * deprovision or a command becomes a plan too, run once approved as one bulk run (each device sent
 * once, the plan done when the run ends, no undo, no pause). At or under the threshold a bulk
 * action runs as before; a member limited to units makes plans of their units' devices only.
 */

const THRESHOLD = 5;

describe(`bulk actions above the plan threshold become plans (${backendName})`, () => {
  let h: PlanRunHarness;
  let units: string[];
  const used = new Set<string>();

  beforeAll(async () => {
    h = await startPlanRunHarness({ size: 150, bulk: true });
    units = await someUnits(h.db);
    const set = await h.app.inject({
      method: 'PUT',
      url: '/api/plans/settings',
      headers: as('owner', USERS.owner),
      payload: { approvalThreshold: THRESHOLD, writesPerMinute: 600 },
    });
    expect(set.statusCode, set.body).toBe(200);
  }, 120_000);
  afterAll(async () => h.close());

  /** Active devices no other test of this file touches, outside `unit` (or only inside it). */
  async function take(n: number, where: (ou: string) => boolean) {
    const picked = (await activeDevices(h.db, 500))
      .filter((device) => !used.has(device.device_id) && where(device.org_unit_path ?? ''))
      .slice(0, n);
    expect(picked).toHaveLength(n);
    for (const device of picked) used.add(device.device_id);
    return picked;
  }

  async function preview(request: BulkPreviewRequest, headers: Record<string, string>) {
    const response = await h.app.inject({
      method: 'POST',
      url: '/api/bulk-actions/preview',
      headers,
      payload: request,
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<BulkPreview>();
  }

  /** Previews and starts a bulk action as the dialog does (typing the count when asked). */
  async function start(request: BulkPreviewRequest, headers: Record<string, string> = as('admin')) {
    const seen = await preview(request, headers);
    const response = await h.app.inject({
      method: 'POST',
      url: '/api/bulk-actions',
      headers,
      payload: {
        ...request,
        previewToken: seen.previewToken,
        ...(seen.requiresTypedCount ? { confirmCount: seen.changeCount } : {}),
      },
    });
    return { preview: seen, response };
  }

  /** Rows of a table (plans, bulk runs): what a refused or planned start must leave as it was. */
  const countOf = async (table: 'plan' | 'bulk_action_run') =>
    Number(
      (
        await h.db
          .selectFrom(table)
          .select(({ fn }) => fn.countAll<string>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  const plansCount = () => countOf('plan');
  const bulkRuns = () => countOf('bulk_action_run');

  it('saves a move above the threshold as a plan, sends nothing, and runs it once a second admin approves', async () => {
    const target = units.at(-1) as string;
    const devices = await take(THRESHOLD + 3, (ou) => ou.toLowerCase() !== target.toLowerCase());
    const ids = devices.map((device) => device.device_id);
    const unitId = await h.db
      .selectFrom('fleet_org_unit')
      .select('org_unit_id')
      .where('org_id', '=', ORG)
      .where('org_unit_path', '=', target)
      .executeTakeFirstOrThrow();
    const runsBefore = await bulkRuns();
    const { preview: seen, response } = await start({
      target: { deviceIds: ids },
      action: { kind: 'move', orgUnitId: unitId.org_unit_id },
    });
    expect(seen).toMatchObject({ changeCount: ids.length, planThreshold: THRESHOLD, onStart: 'plan' });
    expect(response.statusCode, response.body).toBe(201);
    const plan = response.json<Plan>();
    expect(plan).toMatchObject({
      kind: 'bulk_action',
      state: 'awaiting_approval',
      author: { userId: USERS.admin },
      counts: { change: ids.length },
      permissions: ['device.move'],
      approval: { threshold: THRESHOLD, required: true, approvedBy: null },
      bulkAction: { kind: 'move', orgUnitPath: target },
    });
    // Not run: no bulk run, no call to Google.
    expect(await bulkRuns()).toBe(runsBefore);
    expect(h.bulkRunsKicked).toEqual([]);
    const writes = googleWrites(h.emulator);
    for (const id of ids) expect(writes.byDevice[id] ?? 0).toBe(0);
    const detail = await h.app.inject({
      method: 'GET',
      url: `/api/plans/${plan.id}?limit=100`,
      headers: as('admin'),
    });
    const items = detail.json<PlanDetail>().items;
    expect(items.map((item) => item.deviceId).sort()).toEqual([...ids].sort());
    for (const item of items) {
      const before = devices.find((device) => device.device_id === item.deviceId);
      expect(item).toMatchObject({ outcome: 'change', change: { orgUnitPath: target } });
      expect(item.before?.orgUnitPath).toBe(before?.org_unit_path);
    }

    const byAuthor = await planAction(h, plan.id, 'approve', as('admin'));
    expect(byAuthor.statusCode).toBe(403);
    expect(byAuthor.json()).toMatchObject({ error: 'plan_author_cannot_approve' });
    expect((await planAction(h, plan.id, 'run', as('admin'))).statusCode).toBe(409);
    const noStepUp = await planAction(h, plan.id, 'approve', as('admin', USERS.admin2, { stepUp: false }));
    expect(noStepUp.json()).toMatchObject({ error: 'step_up_required', details: { reason: 'plan_approve' } });
    const approved = await planAction(h, plan.id, 'approve', as('admin', USERS.admin2));
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json<Plan>()).toMatchObject({
      state: 'approved',
      approval: { approvedBy: { userId: USERS.admin2 } },
    });
    const run = await planAction(h, plan.id, 'run', as('admin', USERS.admin2, { stepUp: false }));
    expect(run.json()).toMatchObject({ error: 'step_up_required', details: { reason: 'plan_run' } });
    expect((await planAction(h, plan.id, 'run', as('admin', USERS.admin2))).statusCode).toBe(200);
    expect(h.enqueued).toContain(plan.id);
    expect(await h.runner().run(ORG, plan.id)).toBe('done');

    for (const id of ids)
      expect((await h.emulator.google.directory.getChromeOsDevice(id)).orgUnitPath).toBe(target);
    expect(await getPlan(h, plan.id)).toMatchObject({
      state: 'done',
      run: { counts: { succeeded: ids.length } },
    });
    // Undo works as for any plan: every device back where it was.
    const undo = await planAction(h, plan.id, 'undo');
    expect(undo.statusCode, undo.body).toBe(201);
    expect(undo.json<Plan>()).toMatchObject({ kind: 'undo', counts: { change: ids.length } });
  }, 120_000);

  it('runs a bulk action at the threshold at once, as before', async () => {
    const devices = await take(THRESHOLD, () => true);
    const before = await plansCount();
    const { preview: seen, response } = await start({
      target: { deviceIds: devices.map((device) => device.device_id) },
      action: { kind: 'annotate', fields: { annotatedLocation: 'At the threshold' } },
    });
    expect(seen).toMatchObject({ changeCount: THRESHOLD, onStart: 'run' });
    expect(response.statusCode, response.body).toBe(202);
    const run = response.json<BulkActionRun>();
    expect(run).toMatchObject({ total: THRESHOLD, action: { kind: 'annotate' } });
    expect(h.bulkRunsKicked).toContain(run.id);
    expect(await plansCount()).toBe(before);
  }, 60_000);

  /** Commands Google holds per device id (the emulator's record of every command issued). */
  function commandsAtGoogle(): Map<string, number> {
    const byDevice = new Map<string, number>();
    for (const command of h.emulator.emu.state.commands.all()) {
      const deviceId = h.emulator.emu.state.fleet.devices.deviceId[command.device] as string;
      byDevice.set(deviceId, (byDevice.get(deviceId) ?? 0) + 1);
    }
    return byDevice;
  }

  /** Items of a plan, all on one page. */
  async function itemsOf(planId: string) {
    const detail = await h.app.inject({
      method: 'GET',
      url: `/api/plans/${planId}?limit=100`,
      headers: as('admin'),
    });
    expect(detail.statusCode, detail.body).toBe(200);
    return detail.json<PlanDetail>().items;
  }

  /**
   * Saves an action that cannot be undone above the threshold as a plan, checks nothing ran and
   * its author cannot approve it, has a second admin approve and run it, and waits for its bulk run.
   */
  async function planApproveAndRun(action: BulkPreviewRequest['action'], ids: string[]) {
    const runs = await bulkRuns();
    const kicked = h.bulkRunsKicked.length;
    const commands = h.emulator.emu.state.commands.all().length;
    const { preview: seen, response } = await start({ target: { deviceIds: ids }, action });
    expect(seen.changeCount).toBeGreaterThan(THRESHOLD);
    expect(seen).toMatchObject({ onStart: 'plan' });
    expect(response.statusCode, response.body).toBe(201);
    const plan = response.json<Plan>();
    expect(plan).toMatchObject({
      kind: 'bulk_action',
      state: 'awaiting_approval',
      counts: { change: seen.changeCount },
      bulkRunId: null,
      cannotBeUndone: expect.stringContaining('cannot be undone'),
      approval: { required: true, approvedBy: null },
    });
    // Nothing run yet: no bulk run, no command, no write at Google.
    expect(await bulkRuns()).toBe(runs);
    expect(h.bulkRunsKicked).toHaveLength(kicked);
    expect(h.emulator.emu.state.commands.all().length).toBe(commands);
    const writes = googleWrites(h.emulator);
    for (const id of ids) expect(writes.byDevice[id] ?? 0).toBe(0);

    const byAuthor = await planAction(h, plan.id, 'approve', as('admin'));
    expect(byAuthor.statusCode).toBe(403);
    expect(byAuthor.json()).toMatchObject({ error: 'plan_author_cannot_approve' });
    expect((await planAction(h, plan.id, 'run', as('admin', USERS.admin2))).statusCode).toBe(409);
    const approved = await planAction(h, plan.id, 'approve', as('admin', USERS.admin2));
    expect(approved.statusCode, approved.body).toBe(200);
    const noStepUp = await planAction(h, plan.id, 'run', as('admin', USERS.admin2, { stepUp: false }));
    expect(noStepUp.json()).toMatchObject({ error: 'step_up_required', details: { reason: 'plan_run' } });
    if (action.kind === 'deprovision') {
      // A deprovision keeps its own step-up at run, besides the plan's.
      const planOnly = await planAction(
        h,
        plan.id,
        'run',
        as('admin', USERS.admin2, { freshFor: ['plan_run'] }),
      );
      expect(planOnly.json()).toMatchObject({
        error: 'step_up_required',
        details: { reason: 'deprovision' },
      });
    }
    expect(await bulkRuns()).toBe(runs);
    const run = await planAction(h, plan.id, 'run', as('admin', USERS.admin2));
    expect(run.statusCode, run.body).toBe(200);
    const running = run.json<Plan>();
    expect(running).toMatchObject({ state: 'running', bulkRunId: expect.any(String) });
    // The plan runner has nothing to do: the bulk runner sends, through the bulk start's seam.
    expect(h.enqueued).not.toContain(plan.id);
    expect(h.bulkRunsKicked.slice(kicked)).toEqual([running.bulkRunId]);
    await h.bulkRunsIdle();
    return { plan: running, changeCount: seen.changeCount, bulkRunId: running.bulkRunId as string };
  }

  /** The `plan.progress` events published for a plan so far. */
  const progressOf = (planId: string) =>
    h.published
      .filter((entry) => entry.event === 'plan.progress')
      .map((entry) => entry.payload as PlanProgress)
      .filter((progress) => progress.id === planId);

  it('saves a reboot above the threshold as a plan, and once approved and run sends each device the command exactly once', async () => {
    const ids = (await take(THRESHOLD + 8, () => true)).map((device) => device.device_id);
    const before = commandsAtGoogle();
    const published = h.published.length;
    const { plan, changeCount, bulkRunId } = await planApproveAndRun(
      { kind: 'command', command: { type: 'REBOOT' } },
      ids,
    );
    const items = await itemsOf(plan.id);
    const changing = items.filter((item) => item.outcome === 'change').map((item) => item.deviceId);
    expect(changing).toHaveLength(changeCount);
    // The plan says what it sends: the command, with its parameters.
    expect(plan.bulkAction).toEqual({ kind: 'command', command: { type: 'REBOOT' } });
    // Its page followed the bulk run: progress after each chunk, counting what the run did so far.
    const progress = progressOf(plan.id);
    expect(h.published.length).toBeGreaterThan(published);
    const during = progress.filter((entry) => entry.state === 'running');
    expect(during.length).toBeGreaterThan(0);
    expect(during.at(-1)?.counts?.succeeded).toBeGreaterThan(0);
    expect(progress.at(-1)).toMatchObject({ state: 'done', counts: { succeeded: changeCount, pending: 0 } });
    const after = commandsAtGoogle();
    for (const id of ids)
      expect((after.get(id) ?? 0) - (before.get(id) ?? 0), id).toBe(changing.includes(id) ? 1 : 0);

    const done = await getPlan(h, plan.id);
    expect(done).toMatchObject({
      state: 'done',
      bulkRunId,
      bulkAction: { kind: 'command', command: { type: 'REBOOT' } },
      run: { counts: { succeeded: changeCount, pending: 0 } },
    });
    const bulkRun = await h.db
      .selectFrom('bulk_action_run')
      .select(['status', 'requested_by', 'total'])
      .where('id', '=', bulkRunId)
      .executeTakeFirstOrThrow();
    expect(bulkRun).toMatchObject({ status: 'succeeded', requested_by: USERS.admin2, total: ids.length });
    for (const item of await itemsOf(plan.id))
      if (item.outcome === 'change') expect(item.runState).toBe('succeeded');
    // No undo, and no pause: the bulk runner sends each device once and cannot be paused.
    const undo = await planAction(h, plan.id, 'undo');
    expect(undo.statusCode).toBe(409);
    expect(undo.json()).toMatchObject({ error: 'plan_cannot_undo' });
    const results = await h.app.inject({
      method: 'GET',
      url: `/api/plans/${plan.id}/results.csv`,
      headers: as('admin'),
    });
    expect(results.statusCode).toBe(200);
    // A command is sent, not "changed".
    const lines = results.body.split('\n');
    expect(lines.filter((line) => line.includes(',Sent,'))).toHaveLength(changeCount);
    expect(lines.filter((line) => line.includes(',Changed'))).toHaveLength(0);
  }, 120_000);

  it('saves a deprovision above the threshold as a plan, run as one bulk run once a second admin approves', async () => {
    const ids = (await take(THRESHOLD + 2, () => true)).map((device) => device.device_id);
    const { plan, changeCount } = await planApproveAndRun(
      { kind: 'deprovision', reason: 'retiring_device' },
      ids,
    );
    expect(plan.permissions).toEqual(['device.deprovision']);
    expect(plan.bulkAction).toEqual({ kind: 'deprovision', reason: 'retiring_device' });
    expect(changeCount).toBe(ids.length);
    for (const id of ids)
      expect((await h.emulator.google.directory.getChromeOsDevice(id)).status).toBe('DEPROVISIONED');
    expect(await getPlan(h, plan.id)).toMatchObject({
      state: 'done',
      run: { counts: { succeeded: ids.length } },
    });
    const results = await h.app.inject({
      method: 'GET',
      url: `/api/plans/${plan.id}/results.csv`,
      headers: as('admin'),
    });
    expect(results.body.split('\n').filter((line) => line.includes(',Deprovisioned,'))).toHaveLength(
      ids.length,
    );
  }, 120_000);

  it('refuses to pause a plan that runs as a bulk run', async () => {
    const ids = (await take(THRESHOLD + 8, () => true)).map((device) => device.device_id);
    const { response } = await start({
      target: { deviceIds: ids },
      action: { kind: 'command', command: { type: 'REBOOT' } },
    });
    expect(response.statusCode, response.body).toBe(201);
    const plan = response.json<Plan>();
    // Running, as between its start and its bulk run's end.
    await h.db.updateTable('plan').set({ state: 'running' }).where('id', '=', plan.id).execute();
    const pause = await planAction(h, plan.id, 'pause');
    expect(pause.statusCode).toBe(409);
    expect(pause.json()).toMatchObject({
      error: 'plan_cannot_pause',
      message: expect.stringContaining('cannot be paused'),
    });
  }, 60_000);

  it("holds only the devices of a limited member's units", async () => {
    const counts = new Map<string, number>();
    for (const device of await activeDevices(h.db, 500))
      if (!used.has(device.device_id))
        counts.set(device.org_unit_path ?? '', (counts.get(device.org_unit_path ?? '') ?? 0) + 1);
    const [unit] = [...counts].sort((a, b) => b[1] - a[1])[0] ?? [''];
    const inside = await take(THRESHOLD + 1, (ou) => ou === unit);
    const outside = await take(3, (ou) => ou !== unit && !ou.startsWith(`${unit}/`));
    const scoped = as('technician', USERS.tech, { scope: unit });
    const { preview: seen, response } = await start(
      {
        target: { deviceIds: [...inside, ...outside].map((device) => device.device_id) },
        action: { kind: 'disable' },
      },
      scoped,
    );
    expect(seen).toMatchObject({ changeCount: inside.length, notInYourUnits: 3, onStart: 'plan' });
    expect(response.statusCode, response.body).toBe(201);
    const plan = response.json<Plan>();
    expect(plan).toMatchObject({
      state: 'awaiting_approval',
      permissions: ['device.command'],
      bulkAction: { kind: 'disable', reason: null, note: null },
    });
    const detail = await h.app.inject({
      method: 'GET',
      url: `/api/plans/${plan.id}?limit=100`,
      headers: scoped,
    });
    const items = detail.json<PlanDetail>().items;
    expect(items.map((item) => item.deviceId).sort()).toEqual(
      inside.map((device) => device.device_id).sort(),
    );
    for (const item of items)
      expect(item).toMatchObject({ before: { orgUnitPath: unit }, change: { status: 'disable' } });
    const row = await h.db
      .selectFrom('plan')
      .select('unit_paths')
      .where('id', '=', plan.id)
      .executeTakeFirstOrThrow();
    expect(row.unit_paths).toEqual([unit]);
  }, 60_000);
});
