import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  BulkActionDetail,
  BulkActionRun,
  BulkPreview,
  BulkPreviewRequest,
} from '@fleetdeck/shared/bulk-contract';
import { as, ORG, OTHER_ORG, startDeviceHarness, type DeviceHarness } from './device-harness.ts';
import { syncOnce } from './sync-harness.ts';
import { backendName } from './test-database.ts';

describe(`bulk actions against the emulator (${backendName})`, () => {
  let h: DeviceHarness;
  let pool: { device_id: string; org_unit_path: string }[];
  let targets: { org_unit_id: string; org_unit_path: string }[];
  const used = new Set<string>();
  /** Takes devices no other test of this file touches (optionally only those `where` accepts). */
  const take = (n: number, where: (row: { org_unit_path: string }) => boolean = () => true) => {
    const ids = pool
      .filter((row) => !used.has(row.device_id) && where(row))
      .slice(0, n)
      .map((row) => row.device_id);
    for (const id of ids) used.add(id);
    expect(ids).toHaveLength(n);
    return ids;
  };
  /** Pending emulator faults: a tripwire left unconsumed proves no such call reached Google. */
  const faultsLeft = () => h.emulator.emu.state.faults.describe().faults;

  beforeAll(async () => {
    h = await startDeviceHarness({ size: 200, chunkSize: 10 });
    const { rows } = await sql<{ device_id: string; org_unit_path: string }>`
      select device_id, org_unit_path from fleet_device
      where org_id = ${ORG} and status = 'ACTIVE' and deleted_at is null order by device_id`.execute(
      h.testDb.database.db,
    );
    pool = rows;
    targets = await h.testDb.database.db
      .selectFrom('fleet_org_unit')
      .select(['org_unit_id', 'org_unit_path'])
      .where('org_id', '=', ORG)
      .where('org_unit_path', '!=', '/')
      .orderBy('org_unit_path')
      .execute();
    expect(pool.length).toBeGreaterThan(120);
  }, 60_000);
  afterAll(async () => {
    await h.close();
  });

  async function preview(request: BulkPreviewRequest, headers = as('admin')) {
    const response = await h.app.inject({
      method: 'POST',
      url: '/api/bulk-actions/preview',
      headers,
      payload: request,
    });
    return {
      status: response.statusCode,
      body: response.json<BulkPreview & { message?: string; error?: string }>(),
    };
  }

  async function start(
    request: BulkPreviewRequest,
    extra: { previewToken?: string; confirmCount?: number } = {},
  ) {
    const token = extra.previewToken ?? (await preview(request)).body.previewToken;
    const response = await h.app.inject({
      method: 'POST',
      url: '/api/bulk-actions',
      headers: as('admin'),
      payload: {
        ...request,
        previewToken: token,
        ...(extra.confirmCount === undefined ? {} : { confirmCount: extra.confirmCount }),
      },
    });
    return {
      status: response.statusCode,
      body: response.json<BulkActionRun & { error?: string; message?: string }>(),
    };
  }

  async function detail(runId: string, query = '') {
    const response = await h.app.inject({
      method: 'GET',
      url: `/api/bulk-actions/${runId}${query}`,
      headers: as('technician'),
    });
    return response.json<BulkActionDetail>();
  }

  /** Our copy as a sync would leave it after a change made at Google. */
  async function setStatus(ids: string[], status: string) {
    await h.testDb.database.db
      .updateTable('fleet_device')
      .set({ status })
      .where('org_id', '=', ORG)
      .where('device_id', 'in', ids)
      .execute();
  }

  async function googleOus(ids: string[]) {
    const paths = new Set<string | undefined>();
    for (const id of ids) paths.add((await h.emulator.google.directory.getChromeOsDevice(id)).orgUnitPath);
    return paths;
  }

  it('counts the devices a move would leave where they are as unchanged', async () => {
    const ids = take(8);
    // The target is the first device's own OU: at least that one would not move.
    const home = pool.find((row) => row.device_id === ids[0])?.org_unit_path;
    const target = targets.find((unit) => unit.org_unit_path === home);
    expect(target).toBeDefined();
    const already = pool.filter((row) => ids.includes(row.device_id) && row.org_unit_path === home).length;
    expect(already).toBeGreaterThanOrEqual(1);
    const { status, body } = await preview({
      target: { deviceIds: ids },
      action: { kind: 'move', orgUnitId: target?.org_unit_id ?? '' },
    });
    expect(status).toBe(200);
    expect(body).toMatchObject({
      deviceCount: 8,
      changeCount: 8 - already,
      unchanged: already,
      ineligible: [],
    });
    // The diff and units cover only the devices that move: no "/Unit → /Unit" row.
    expect(body.diff[0]?.before.some((b) => b.value === home)).toBe(false);
    expect(body.orgUnits.some((unit) => unit.orgUnitPath === home)).toBe(false);
    // A command always changes something: nothing counts as unchanged.
    const reboot = await preview({
      target: { deviceIds: ids },
      action: { kind: 'command', command: { type: 'REBOOT' } },
    });
    expect(reboot.body).toMatchObject({ deviceCount: 8, changeCount: 8, unchanged: 0 });
  });

  it('previews then moves 30 devices, with a result per device, history and audit', async () => {
    const target = targets[0] as { org_unit_id: string; org_unit_path: string };
    const ids = take(30, (row) => row.org_unit_path !== target.org_unit_path);
    const request: BulkPreviewRequest = {
      target: { deviceIds: ids },
      action: { kind: 'move', orgUnitId: target.org_unit_id },
    };
    const { status, body } = await preview(request);
    expect(status).toBe(200);
    expect(body).toMatchObject({
      deviceCount: 30,
      changeCount: 30,
      skipped: 0,
      destructive: false,
      requiresTypedCount: false,
    });
    expect(body.orgUnits.reduce((sum, ou) => sum + ou.count, 0)).toBe(30);
    expect(body.diff).toEqual([
      { field: 'orgUnitPath', before: expect.any(Array), after: target.org_unit_path },
    ]);
    expect(body.diff[0]?.before.reduce((sum, v) => sum + v.count, 0)).toBe(30);
    expect(body.sample.length).toBe(10);
    const started = await start(request, { previewToken: body.previewToken });
    expect(started.status).toBe(202);
    await h.runner.idle();
    const result = await detail(started.body.id);
    expect(result.run).toMatchObject({
      status: 'succeeded',
      total: 30,
      succeeded: 30,
      failed: 0,
      pending: 0,
    });
    expect(result.run.requestedBy).toMatchObject({ name: 'Avery Admin' });
    expect(result.results).toHaveLength(30);
    expect(result.results.every((r) => r.state === 'succeeded' && r.attempts === 1)).toBe(true);
    expect(await googleOus(ids)).toEqual(new Set([target.org_unit_path]));
    const stored = await h.testDb.database.db
      .selectFrom('fleet_device')
      .select('org_unit_path')
      .distinct()
      .where('org_id', '=', ORG)
      .where('device_id', 'in', ids)
      .execute();
    expect(stored).toEqual([{ org_unit_path: target.org_unit_path }]);
    const history = await h.testDb.database.db
      .selectFrom('fleet_device_history')
      .select(({ fn }) => fn.countAll<string>().as('n'))
      .where('org_id', '=', ORG)
      .where('action_ref', '=', started.body.id)
      .where('field', '=', 'orgUnitPath')
      .executeTakeFirstOrThrow();
    const moved = pool.filter(
      (row) => ids.includes(row.device_id) && row.org_unit_path !== target.org_unit_path,
    );
    expect(Number(history.n)).toBe(moved.length);
    const audit = await h.testDb.database.db
      .selectFrom('audit_log')
      .select(['action', 'outcome'])
      .where('org_id', '=', ORG)
      .where('target_id', '=', started.body.id)
      .orderBy('occurred_at')
      .execute();
    expect(audit).toEqual([
      { action: 'bulk.move', outcome: 'success' },
      { action: 'bulk.finish', outcome: 'success' },
    ]);
    expect(h.published.some((p) => (p.change as { runId?: string }).runId === started.body.id)).toBe(true);
    const list = await h.app.inject({ method: 'GET', url: '/api/bulk-actions', headers: as('technician') });
    expect(list.json<{ runs: BulkActionRun[] }>().runs[0]?.id).toBe(started.body.id);
    // The next sync finds our copy already as Google has it: no second, "sync" record of the move.
    await syncOnce(h.testDb.database, h.emulator, ORG, 'full');
    const echoed = await h.testDb.database.db
      .selectFrom('fleet_device_history')
      .select('device_id')
      .where('org_id', '=', ORG)
      .where('source', '=', 'sync')
      .where('field', '=', 'orgUnitPath')
      .where('device_id', 'in', ids)
      .execute();
    expect(echoed).toEqual([]);
  });

  it('keeps Google failures per device and retries only the failed ones', async () => {
    const target = targets[1] as { org_unit_id: string; org_unit_path: string };
    const ids = take(30, (row) => row.org_unit_path !== target.org_unit_path);
    const request: BulkPreviewRequest = {
      target: { deviceIds: ids },
      action: { kind: 'move', orgUnitId: target.org_unit_id },
    };
    const token = (await preview(request)).body.previewToken;
    // Enough 500s to exhaust the client's retries on the first chunk of 10; the next chunks go through.
    await h.emulator.control('faults', { status: 500, api: 'directory', count: 6 });
    const started = await start(request, { previewToken: token });
    expect(started.status).toBe(202);
    await h.runner.idle();
    const first = await detail(started.body.id);
    expect(first.run).toMatchObject({
      status: 'partially_failed',
      succeeded: 20,
      failed: 10,
      retryable: 10,
      pending: 0,
    });
    const failed = await detail(started.body.id, '?state=failed');
    expect(failed.results).toHaveLength(10);
    expect(failed.results[0]?.error).toMatch(/Google did not answer/);
    expect(failed.results.every((r) => r.retryable)).toBe(true);
    const failedIds = failed.results.map((r) => r.deviceId);
    for (const id of failedIds) {
      const original = pool.find((d) => d.device_id === id)?.org_unit_path;
      expect((await h.emulator.google.directory.getChromeOsDevice(id)).orgUnitPath).toBe(original);
    }
    const retried = await h.app.inject({
      method: 'POST',
      url: `/api/bulk-actions/${started.body.id}/retry`,
      headers: as('admin'),
    });
    expect(retried.statusCode).toBe(202);
    await h.runner.idle();
    const second = await detail(started.body.id);
    expect(second.run).toMatchObject({ status: 'succeeded', succeeded: 30, failed: 0 });
    const attempts = new Map(second.results.map((r) => [r.deviceId, r.attempts]));
    expect(failedIds.every((id) => attempts.get(id) === 2)).toBe(true);
    expect(second.results.filter((r) => r.attempts === 1)).toHaveLength(20);
    expect(await googleOus(ids)).toEqual(new Set([target.org_unit_path]));
    const again = await h.app.inject({
      method: 'POST',
      url: `/api/bulk-actions/${started.body.id}/retry`,
      headers: as('admin'),
    });
    expect(again.statusCode).toBe(409);
  });

  it('re-enables only the disabled devices: active ones are "No change" and never sent to Google', async () => {
    const [disabled, ...rest] = take(5) as [string, ...string[]];
    await h.emulator.google.directory.batchChangeStatus({
      deviceIds: [disabled],
      action: 'CHANGE_CHROME_OS_DEVICE_STATUS_ACTION_DISABLE',
    });
    await setStatus([disabled], 'DISABLED');
    const request: BulkPreviewRequest = {
      target: { deviceIds: [disabled, ...rest] },
      action: { kind: 'reenable' },
    };
    const { body } = await preview(request);
    expect(body).toMatchObject({ deviceCount: 5, changeCount: 1, unchanged: 4, ineligible: [] });
    expect(body.diff).toEqual([
      { field: 'status', before: [{ value: 'DISABLED', count: 1 }], after: 'ACTIVE' },
    ]);
    const started = await start(request, { previewToken: body.previewToken });
    expect(started.status).toBe(202);
    await h.runner.idle();
    const result = await detail(started.body.id);
    expect(result.run).toMatchObject({
      status: 'succeeded',
      total: 5,
      succeeded: 1,
      failed: 0,
      skipped: 4,
      unchanged: 4,
    });
    expect(result.results.find((r) => r.deviceId === disabled)).toMatchObject({
      state: 'succeeded',
      attempts: 1,
    });
    for (const r of result.results.filter((row) => row.deviceId !== disabled)) {
      expect(r).toMatchObject({ state: 'skipped', attempts: 0, retryable: false });
      expect(r.error).toBe('No change: the device is already active.');
    }
    expect((await h.emulator.google.directory.getChromeOsDevice(disabled)).status).toBe('ACTIVE');
  });

  it('sends nothing to Google for a re-enable of an active device, and cannot be confirmed', async () => {
    const ids = take(1);
    const request: BulkPreviewRequest = { target: { deviceIds: ids }, action: { kind: 'reenable' } };
    const { body } = await preview(request);
    expect(body).toMatchObject({ deviceCount: 1, changeCount: 0, unchanged: 1, diff: [], orgUnits: [] });
    // A tripwire: any status change reaching Google would consume it.
    await h.emulator.control('faults', {
      status: 503,
      api: 'directory',
      path: 'batchChangeStatus',
      count: 1,
    });
    const started = await start(request, { previewToken: body.previewToken });
    expect(started.status).toBe(400);
    expect(started.body.message).toMatch(/None of these devices would change/);
    await h.runner.idle();
    expect(faultsLeft()).toEqual([expect.objectContaining({ path: 'batchChangeStatus', remaining: 1 })]);
    h.emulator.emu.state.faults.clearFaults();
    expect((await h.emulator.google.directory.getChromeOsDevice(ids[0] as string)).status).toBe('ACTIVE');
  });

  it('disables 4 devices in 3 units with one deprovisioned: 3 change, 1 skipped, none failed', async () => {
    const units = [
      ...new Set(pool.filter((row) => !used.has(row.device_id)).map((row) => row.org_unit_path)),
    ];
    expect(units.length).toBeGreaterThanOrEqual(3);
    const [a, b, c] = units as [string, string, string];
    const ids = [
      ...take(2, (row) => row.org_unit_path === a),
      ...take(1, (row) => row.org_unit_path === b),
      ...take(1, (row) => row.org_unit_path === c),
    ];
    const gone = ids[3] as string;
    await h.emulator.google.directory.batchChangeStatus({
      deviceIds: [gone],
      action: 'CHANGE_CHROME_OS_DEVICE_STATUS_ACTION_DEPROVISION',
      deprovisionReason: 'DEPROVISION_REASON_RETIRING_DEVICE',
    });
    await setStatus([gone], 'DEPROVISIONED');
    const request: BulkPreviewRequest = { target: { deviceIds: ids }, action: { kind: 'disable' } };
    const { body } = await preview(request);
    expect(body).toMatchObject({
      deviceCount: 4,
      changeCount: 3,
      unchanged: 0,
      ineligible: [{ reason: 'deprovisioned devices cannot be disabled', count: 1 }],
      requiresTypedCount: true,
    });
    expect(body.diff).toEqual([
      { field: 'status', before: [{ value: 'ACTIVE', count: 3 }], after: 'DISABLED' },
    ]);
    expect(body.orgUnits.map((unit) => unit.orgUnitPath).sort()).toEqual([a, b].sort());
    expect(body.sample.map((d) => d.deviceId)).not.toContain(gone);
    // The count to type is the devices that will change.
    const typedAll = await start(request, { previewToken: body.previewToken, confirmCount: 4 });
    expect(typedAll.status).toBe(400);
    expect(typedAll.body.error).toBe('confirmation_required');
    const started = await start(request, { previewToken: body.previewToken, confirmCount: 3 });
    expect(started.status).toBe(202);
    await h.runner.idle();
    const result = await detail(started.body.id);
    expect(result.run).toMatchObject({ status: 'succeeded', total: 4, succeeded: 3, failed: 0, skipped: 1 });
    expect(result.results.find((r) => r.deviceId === gone)).toMatchObject({
      state: 'skipped',
      error: 'Skipped: deprovisioned devices cannot be disabled.',
      attempts: 0,
    });
    const retry = await h.app.inject({
      method: 'POST',
      url: `/api/bulk-actions/${started.body.id}/retry`,
      headers: as('admin'),
    });
    expect(retry.statusCode).toBe(409);
    const finish = await h.testDb.database.db
      .selectFrom('audit_log')
      .select('details')
      .where('org_id', '=', ORG)
      .where('target_id', '=', started.body.id)
      .where('action', '=', 'bulk.finish')
      .executeTakeFirstOrThrow();
    expect(finish.details).toMatchObject({ succeeded: 3, failed: 0, skipped: 1 });
  });

  it('reports a refusal after the device changed at Google since the preview as permanent: no retry', async () => {
    const ids = take(3);
    const request: BulkPreviewRequest = { target: { deviceIds: ids }, action: { kind: 'disable' } };
    const { body } = await preview(request);
    expect(body.changeCount).toBe(3);
    // Someone disables one device in Google's console; our copy has not synced it yet.
    await h.emulator.google.directory.batchChangeStatus({
      deviceIds: [ids[0] as string],
      action: 'CHANGE_CHROME_OS_DEVICE_STATUS_ACTION_DISABLE',
    });
    const started = await start(request, { previewToken: body.previewToken, confirmCount: 3 });
    expect(started.status).toBe(202);
    await h.runner.idle();
    const result = await detail(started.body.id);
    expect(result.run).toMatchObject({ status: 'partially_failed', succeeded: 2, failed: 1, retryable: 0 });
    expect(result.results.find((r) => r.deviceId === ids[0])).toMatchObject({
      state: 'failed',
      retryable: false,
      error: 'Google refused: The device is already disabled.',
    });
    const retry = await h.app.inject({
      method: 'POST',
      url: `/api/bulk-actions/${started.body.id}/retry`,
      headers: as('admin'),
    });
    expect(retry.statusCode).toBe(409);
    expect(retry.json<{ message: string }>().message).toMatch(/refused .* for good/);
  });

  it('refuses a destructive bulk action without the typed device count', async () => {
    const ids = take(4);
    const request: BulkPreviewRequest = {
      target: { deviceIds: ids },
      action: { kind: 'deprovision', reason: 'retiring_device' },
    };
    const { body } = await preview(request);
    expect(body).toMatchObject({ deviceCount: 4, destructive: true, requiresTypedCount: true });
    expect(body.diff[0]).toMatchObject({ field: 'status', after: 'DEPROVISIONED' });
    const missing = await start(request, { previewToken: body.previewToken });
    expect(missing.status).toBe(400);
    expect(missing.body.error).toBe('confirmation_required');
    const wrong = await start(request, { previewToken: body.previewToken, confirmCount: 3 });
    expect(wrong.status).toBe(400);
    for (const id of ids)
      expect((await h.emulator.google.directory.getChromeOsDevice(id)).status).toBe('ACTIVE');
    const runs = await h.testDb.database.db
      .selectFrom('bulk_action_run')
      .select('id')
      .where('kind', '=', 'deprovision')
      .execute();
    expect(runs).toHaveLength(0);
    const confirmed = await start(request, { previewToken: body.previewToken, confirmCount: 4 });
    expect(confirmed.status).toBe(202);
    await h.runner.idle();
    for (const id of ids)
      expect((await h.emulator.google.directory.getChromeOsDevice(id)).status).toBe('DEPROVISIONED');
    const wipe = await preview({
      target: { deviceIds: take(1) },
      action: { kind: 'command', command: { type: 'WIPE_USERS' } },
    });
    expect(wipe.body).toMatchObject({ destructive: true, requiresTypedCount: true });
  });

  it('binds the start to the previewed devices and action', async () => {
    const ids = take(3);
    const request: BulkPreviewRequest = { target: { deviceIds: ids }, action: { kind: 'disable' } };
    const { body } = await preview(request);
    const otherDevices = await start(
      { ...request, target: { deviceIds: [...ids, ...take(1)] } },
      { previewToken: body.previewToken, confirmCount: 4 },
    );
    expect(otherDevices.status).toBe(409);
    const otherAction = await start(
      { ...request, action: { kind: 'reenable' } },
      { previewToken: body.previewToken },
    );
    expect(otherAction.status).toBe(409);
    const forged = await start(request, {
      previewToken: `${body.previewToken.split('.')[0]}.AAAA`,
      confirmCount: 3,
    });
    expect(forged.status).toBe(409);
  });

  it('refuses viewers, technicians deprovisioning, bad commands and other organizations', async () => {
    const ids = take(2);
    const viewer = await preview({ target: { deviceIds: ids }, action: { kind: 'disable' } }, as('viewer'));
    expect(viewer.status).toBe(403);
    const technician = await preview(
      { target: { deviceIds: ids }, action: { kind: 'deprovision', reason: 'retiring_device' } },
      as('technician'),
    );
    expect(technician.status).toBe(403);
    const noVolume = await preview({
      target: { deviceIds: ids },
      action: { kind: 'command', command: { type: 'SET_VOLUME' } },
    });
    expect(noVolume.status).toBe(400);
    const unknownKind = await h.app.inject({
      method: 'POST',
      url: '/api/bulk-actions/preview',
      headers: as('admin'),
      payload: { target: { deviceIds: ids }, action: { kind: 'explode' } },
    });
    expect(unknownKind.statusCode).toBe(400);
    const kioskOnly = await preview({
      target: { deviceIds: ids },
      action: { kind: 'command', command: { type: 'SET_VOLUME', volume: 30 } },
    });
    expect(kioskOnly.body).toMatchObject({
      deviceCount: 2,
      changeCount: 0,
      skipped: 0,
      ineligible: [{ reason: expect.stringMatching(/kiosk-only command/), count: 2 }],
      diff: [],
    });
    const foreign = await preview(
      { target: { deviceIds: ids }, action: { kind: 'disable' } },
      as('admin', OTHER_ORG),
    );
    expect(foreign.body).toMatchObject({ deviceCount: 0, skipped: 2 });
    const runs = await h.testDb.database.db
      .selectFrom('bulk_action_run')
      .select('id')
      .where('org_id', '=', ORG)
      .execute();
    const foreignRun = await h.app.inject({
      method: 'GET',
      url: `/api/bulk-actions/${runs[0]?.id}`,
      headers: as('admin', OTHER_ORG),
    });
    expect(foreignRun.statusCode).toBe(404);
    const foreignRetry = await h.app.inject({
      method: 'POST',
      url: `/api/bulk-actions/${runs[0]?.id}/retry`,
      headers: as('admin', OTHER_ORG),
    });
    expect(foreignRetry.statusCode).toBe(404);
  });

  it('refuses a viewer starting or retrying a run (403) and leaves runs and devices as they were', async () => {
    const target = targets[2] as { org_unit_id: string; org_unit_path: string };
    const ids = take(12, (row) => row.org_unit_path !== target.org_unit_path);
    const request: BulkPreviewRequest = {
      target: { deviceIds: ids },
      action: { kind: 'move', orgUnitId: target.org_unit_id },
    };
    const runCount = async () =>
      Number(
        (
          await h.testDb.database.db
            .selectFrom('bulk_action_run')
            .select((eb) => eb.fn.countAll<string>().as('n'))
            .where('org_id', '=', ORG)
            .executeTakeFirstOrThrow()
        ).n,
      );
    // A preview an admin made: the token is valid, only the viewer's role is in the way.
    const token = (await preview(request)).body.previewToken;
    const runsBefore = await runCount();
    const viewerStart = await h.app.inject({
      method: 'POST',
      url: '/api/bulk-actions',
      headers: as('viewer'),
      payload: { ...request, previewToken: token },
    });
    expect(viewerStart.statusCode).toBe(403);
    expect(await runCount()).toBe(runsBefore);
    const original = new Set(ids.map((id) => pool.find((d) => d.device_id === id)?.org_unit_path));
    expect(await googleOus(ids)).toEqual(original);

    // A run with failures the viewer then tries to retry.
    await h.emulator.control('faults', { status: 500, api: 'directory', count: 6 });
    const started = await start(request, { previewToken: token });
    expect(started.status).toBe(202);
    await h.runner.idle();
    const failedRun = await detail(started.body.id);
    expect(failedRun.run).toMatchObject({ status: 'partially_failed', failed: 10 });
    const viewerRetry = await h.app.inject({
      method: 'POST',
      url: `/api/bulk-actions/${started.body.id}/retry`,
      headers: as('viewer'),
    });
    expect(viewerRetry.statusCode).toBe(403);
    await h.runner.idle();
    const after = await detail(started.body.id);
    expect(after.run).toEqual(failedRun.run);
    expect(after.results).toEqual(failedRun.results);
    expect(await runCount()).toBe(runsBefore + 1);
  });

  it('annotates every device matching a fleet query', async () => {
    const ou = targets[0] as { org_unit_path: string };
    const query = `ou:"${ou.org_unit_path}"`;
    const request: BulkPreviewRequest = {
      target: { query },
      action: { kind: 'annotate', fields: { annotatedLocation: 'Cart 7' } },
    };
    const { status, body } = await preview(request);
    expect(status).toBe(200);
    const { rows } = await sql<{ n: number }>`select count(*)::int as n from fleet_device
      where org_id = ${ORG} and deleted_at is null
        and (org_unit_path = ${ou.org_unit_path} or org_unit_path like ${`${ou.org_unit_path}/%`})`.execute(
      h.testDb.database.db,
    );
    expect(body.deviceCount).toBe(rows[0]?.n);
    expect(body.diff[0]).toMatchObject({ field: 'annotatedLocation', after: 'Cart 7' });
    const started = await start(request, { previewToken: body.previewToken });
    expect(started.status).toBe(202);
    await h.runner.idle();
    const result = await detail(started.body.id);
    expect(result.run).toMatchObject({ status: 'succeeded', succeeded: body.changeCount });
    const sampleId = result.results[0]?.deviceId as string;
    expect((await h.emulator.google.directory.getChromeOsDevice(sampleId)).annotatedLocation).toBe('Cart 7');
    const badQuery = await preview({ target: { query: 'status:(' }, action: { kind: 'disable' } });
    expect(badQuery.status).toBe(400);
  });

  it('resumes a run whose process stopped before finishing it', async () => {
    const target = targets[2] as { org_unit_id: string; org_unit_path: string };
    const ids = take(12, (row) => row.org_unit_path !== target.org_unit_path);
    h.paused = true;
    const started = await start({
      target: { deviceIds: ids },
      action: { kind: 'move', orgUnitId: target.org_unit_id },
    });
    h.paused = false;
    expect(started.status).toBe(202);
    expect((await detail(started.body.id)).run).toMatchObject({ status: 'queued', pending: 12 });
    expect(await h.runner.resumeStale()).toBeGreaterThanOrEqual(1);
    expect((await detail(started.body.id)).run).toMatchObject({ status: 'succeeded', succeeded: 12 });
    expect(await googleOus(ids)).toEqual(new Set([target.org_unit_path]));
  });
});
