import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DeviceCommand, DeviceDetail, TimelineEntry } from '@fleetdeck/shared/device-contract';
import type { BulkPreview } from '@fleetdeck/shared/bulk-contract';
import { as, ORG, OTHER_ORG, startDeviceHarness, USER, type DeviceHarness } from './device-harness.ts';
import { syncOnce } from './sync-harness.ts';
import { followOpenCommands } from '../src/modules/devices/command-follower.ts';
import { createTestApp, type TestApp } from './test-app.ts';
import { backendName } from './test-database.ts';

/** Picks stored devices for a test, each used by one test only. */
async function pickDevices(h: DeviceHarness, where: ReturnType<typeof sql<boolean>>, count: number) {
  const { rows } = await sql<{ device_id: string; org_unit_path: string; org_unit_id: string }>`
    select device_id, org_unit_path, org_unit_id from fleet_device
    where org_id = ${ORG} and deleted_at is null and ${where} order by device_id limit ${count}`.execute(
    h.testDb.database.db,
  );
  return rows;
}

describe(`device detail and actions against the emulator (${backendName})`, () => {
  let h: DeviceHarness;
  let active: { device_id: string; org_unit_path: string; org_unit_id: string }[];
  let kiosk: { device_id: string }[];
  let regular: { device_id: string }[];

  beforeAll(async () => {
    h = await startDeviceHarness({ size: 300 });
    active = await pickDevices(
      h,
      sql<boolean>`status = 'ACTIVE' and license_type is distinct from 'kioskUpgrade'`,
      6,
    );
    kiosk = await pickDevices(
      h,
      sql<boolean>`status = 'ACTIVE' and (license_type = 'kioskUpgrade' or (raw->'osUpdateStatus'->>'targetKioskAppVersion') is not null)`,
      2,
    );
    regular = await pickDevices(
      h,
      sql<boolean>`status = 'ACTIVE' and (raw->'osUpdateStatus'->>'targetKioskAppVersion') is null and license_type is distinct from 'kioskUpgrade'`,
      1,
    );
    expect(active).toHaveLength(6);
    expect(kiosk.length).toBeGreaterThan(0);
  }, 60_000);
  afterAll(async () => {
    await h.close();
  });

  const device = (i: number) => active[i]?.device_id as string;

  it('shows one device with its header, overview and what the caller may do', async () => {
    const response = await h.app.inject({
      method: 'GET',
      url: `/api/devices/${device(0)}`,
      headers: as('viewer'),
    });
    expect(response.statusCode).toBe(200);
    const body = response.json<DeviceDetail>();
    const google = await h.emulator.google.directory.getChromeOsDevice(device(0), { projection: 'FULL' });
    expect(body.device).toMatchObject({
      deviceId: device(0),
      serialNumber: google.serialNumber,
      model: google.model,
      status: 'ACTIVE',
      orgUnitPath: google.orgUnitPath,
      osVersion: google.osVersion ?? null,
      customerId: h.emulator.customerId,
      deletedAt: null,
    });
    expect(body.device.recentUsers.length).toBe(google.recentUsers?.length ?? 0);
    const reported = (google.activeTimeRanges ?? []).flatMap((range) => (range.date ? [range.date] : []));
    expect(body.device.activeTime.map((day) => day.date)).toEqual(expect.arrayContaining(reported));
    expect(body.lastSyncedAt).not.toBeNull();
    expect(body.can).toEqual({ annotate: false, move: false, command: false, deprovision: false });
    const admin = await h.app.inject({
      method: 'GET',
      url: `/api/devices/${device(0)}`,
      headers: as('technician'),
    });
    expect(admin.json<DeviceDetail>().can).toEqual({
      annotate: true,
      move: true,
      command: true,
      deprovision: false,
    });
  });

  it('charts every day from the first Google reports to the last, days without activity at zero', async () => {
    const candidates = await pickDevices(h, sql<boolean>`status = 'ACTIVE'`, 40);
    let gapped: { deviceId: string; ranges: { date: string; activeTime: number }[] } | undefined;
    for (const { device_id: deviceId } of candidates) {
      const google = await h.emulator.google.directory.getChromeOsDevice(deviceId, { projection: 'FULL' });
      const ranges = (google.activeTimeRanges ?? []).map((r) => ({
        date: r.date ?? '',
        activeTime: r.activeTime ?? 0,
      }));
      const dates = ranges.map((r) => Date.parse(r.date)).sort((a, b) => a - b);
      const span = dates.length > 0 ? ((dates.at(-1) ?? 0) - (dates[0] ?? 0)) / 86_400_000 + 1 : 0;
      if (span > ranges.length) {
        gapped = { deviceId, ranges };
        break;
      }
    }
    if (!gapped) throw new Error('the emulator gave none of 40 devices a day without activity');
    const response = await h.app.inject({
      method: 'GET',
      url: `/api/devices/${gapped.deviceId}`,
      headers: as('viewer'),
    });
    const { activeTime } = response.json<DeviceDetail>().device;
    const sorted = gapped.ranges.map((r) => r.date).sort();
    expect(activeTime[0]?.date).toBe(sorted[0]);
    expect(activeTime.at(-1)?.date).toBe(sorted.at(-1));
    activeTime.forEach((day, i) => {
      if (i > 0) expect(Date.parse(day.date) - Date.parse(activeTime[i - 1]?.date ?? '')).toBe(86_400_000);
      const range = gapped.ranges.find((r) => r.date === day.date);
      expect(day.activeMinutes).toBe(range ? Math.round(range.activeTime / 60_000) : 0);
    });
    expect(activeTime.filter((day) => day.activeMinutes === 0).length).toBeGreaterThan(0);
  });

  it('answers 404 for unknown and foreign devices and 400 for malformed ids', async () => {
    const unknown = await h.app.inject({
      method: 'GET',
      url: '/api/devices/0000-unknown-device',
      headers: as('admin'),
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json<{ message: string }>().message).toContain('not found in this organization');
    const foreign = await h.app.inject({
      method: 'GET',
      url: `/api/devices/${device(0)}`,
      headers: as('admin', OTHER_ORG),
    });
    expect(foreign.statusCode).toBe(404);
    const foreignPatch = await h.app.inject({
      method: 'PATCH',
      url: `/api/devices/${device(0)}`,
      headers: as('admin', OTHER_ORG),
      payload: { notes: 'not mine' },
    });
    expect(foreignPatch.statusCode).toBe(404);
    const malformed = await h.app.inject({
      method: 'GET',
      url: '/api/devices/bad%20id!',
      headers: as('admin'),
    });
    expect(malformed.statusCode).toBe(400);
    const outOfScope = await h.app.inject({
      method: 'GET',
      url: `/api/devices/${device(0)}`,
      headers: { ...as('viewer'), 'x-scope': '/Nowhere' },
    });
    expect(outOfScope.statusCode).toBe(404);
  });

  it('edits notes at Google, then in our copy with history, audit and a realtime signal', async () => {
    const notes = `Cracked hinge, reported ${Date.now()}`;
    const before = h.published.length;
    const response = await h.app.inject({
      method: 'PATCH',
      url: `/api/devices/${device(1)}`,
      headers: as('technician'),
      payload: { notes, annotatedLocation: '  Room 12  ' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json<DeviceDetail>().device).toMatchObject({ notes, annotatedLocation: 'Room 12' });
    const google = await h.emulator.google.directory.getChromeOsDevice(device(1));
    expect(google.notes).toBe(notes);
    expect(google.annotatedLocation).toBe('Room 12');
    const stored = await h.testDb.database.db
      .selectFrom('fleet_device')
      .select(['notes', 'annotated_location'])
      .where('org_id', '=', ORG)
      .where('device_id', '=', device(1))
      .executeTakeFirstOrThrow();
    expect(stored).toEqual({ notes, annotated_location: 'Room 12' });
    const history = await h.testDb.database.db
      .selectFrom('fleet_device_history')
      .select(['field', 'new_value', 'source', 'actor_user_id'])
      .where('org_id', '=', ORG)
      .where('device_id', '=', device(1))
      .where('field', '=', 'notes')
      .execute();
    expect(history).toEqual([{ field: 'notes', new_value: notes, source: 'action', actor_user_id: USER }]);
    const audit = await h.testDb.database.db
      .selectFrom('audit_log')
      .select(['action', 'outcome', 'target_id', 'actor_user_id'])
      .where('org_id', '=', ORG)
      .where('action', '=', 'device.annotate')
      .execute();
    expect(audit).toEqual([
      { action: 'device.annotate', outcome: 'success', target_id: device(1), actor_user_id: USER },
    ]);
    expect(h.published.slice(before)).toEqual([{ orgId: ORG, change: { deviceIds: [device(1)] } }]);
    const timeline = await h.app.inject({
      method: 'GET',
      url: `/api/devices/${device(1)}/timeline`,
      headers: as('viewer'),
    });
    const entries = timeline.json<{ entries: TimelineEntry[] }>().entries;
    expect(entries.find((e) => e.field === 'notes')).toMatchObject({
      kind: 'field',
      source: 'action',
      newValue: notes,
      actor: { id: USER, name: 'Avery Admin', email: 'admin@riverbend.example' },
    });
  });

  it('refuses over-long fields, empty edits, viewers and unknown commands', async () => {
    const long = await h.app.inject({
      method: 'PATCH',
      url: `/api/devices/${device(1)}`,
      headers: as('admin'),
      payload: { notes: 'x'.repeat(501) },
    });
    expect(long.statusCode).toBe(400);
    const empty = await h.app.inject({
      method: 'PATCH',
      url: `/api/devices/${device(1)}`,
      headers: as('admin'),
      payload: {},
    });
    expect(empty.statusCode).toBe(400);
    for (const [method, url, payload] of [
      ['PATCH', `/api/devices/${device(1)}`, { notes: 'viewer' }],
      ['POST', `/api/devices/${device(1)}/move`, { orgUnitId: 'id:x' }],
      ['POST', `/api/devices/${device(1)}/status`, { action: 'disable' }],
      ['POST', `/api/devices/${device(1)}/commands`, { type: 'REBOOT' }],
    ] as const) {
      const response = await h.app.inject({ method, url, headers: as('viewer'), payload });
      expect([url, response.statusCode]).toEqual([url, 403]);
    }
    const unknownCommand = await h.app.inject({
      method: 'POST',
      url: `/api/devices/${device(1)}/commands`,
      headers: as('admin'),
      payload: { type: 'SELF_DESTRUCT' },
    });
    expect(unknownCommand.statusCode).toBe(400);
    const volumeOnRegular = await h.app.inject({
      method: 'POST',
      url: `/api/devices/${regular[0]?.device_id}/commands`,
      headers: as('admin'),
      payload: { type: 'SET_VOLUME', volume: 40 },
    });
    expect(volumeOnRegular.statusCode).toBe(400);
    expect(volumeOnRegular.json<{ message: string }>().message).toContain('kiosk');
    const volumeMissing = await h.app.inject({
      method: 'POST',
      url: `/api/devices/${kiosk[0]?.device_id}/commands`,
      headers: as('admin'),
      payload: { type: 'SET_VOLUME' },
    });
    expect(volumeMissing.statusCode).toBe(400);
    const deprovisionByTechnician = await h.app.inject({
      method: 'POST',
      url: `/api/devices/${device(1)}/status`,
      headers: as('technician'),
      payload: { action: 'deprovision', reason: 'retiring_device' },
    });
    expect(deprovisionByTechnician.statusCode).toBe(403);
  });

  it('moves a device at Google and shows the move in the timeline', async () => {
    const target = await h.testDb.database.db
      .selectFrom('fleet_org_unit')
      .select(['org_unit_id', 'org_unit_path'])
      .where('org_id', '=', ORG)
      .where('org_unit_path', '!=', active[2]?.org_unit_path as string)
      .where('org_unit_path', '!=', '/')
      .orderBy('org_unit_path')
      .executeTakeFirstOrThrow();
    const response = await h.app.inject({
      method: 'POST',
      url: `/api/devices/${device(2)}/move`,
      headers: as('technician'),
      payload: { orgUnitId: target.org_unit_id },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json<DeviceDetail>().device.orgUnitPath).toBe(target.org_unit_path);
    const google = await h.emulator.google.directory.getChromeOsDevice(device(2));
    expect(google.orgUnitPath).toBe(target.org_unit_path);
    const timeline = await h.app.inject({
      method: 'GET',
      url: `/api/devices/${device(2)}/timeline`,
      headers: as('viewer'),
    });
    expect(timeline.json<{ entries: TimelineEntry[] }>().entries[0]).toMatchObject({
      kind: 'org_unit',
      source: 'action',
      summary: `Moved from ${active[2]?.org_unit_path} to ${target.org_unit_path}`,
    });
    const unknownOu = await h.app.inject({
      method: 'POST',
      url: `/api/devices/${device(2)}/move`,
      headers: as('admin'),
      payload: { orgUnitId: 'id:does-not-exist' },
    });
    expect(unknownOu.statusCode).toBe(404);
  });

  it('disables with a reason kept in Fleetdeck, re-enables and deprovisions at Google', async () => {
    const disable = await h.app.inject({
      method: 'POST',
      url: `/api/devices/${device(3)}/status`,
      headers: as('technician'),
      payload: { action: 'disable', reason: 'lost', note: 'Left in the library' },
    });
    expect(disable.statusCode).toBe(200);
    expect(disable.json<DeviceDetail>().device.status).toBe('DISABLED');
    expect((await h.emulator.google.directory.getChromeOsDevice(device(3))).status).toBe('DISABLED');
    const again = await h.app.inject({
      method: 'POST',
      url: `/api/devices/${device(3)}/status`,
      headers: as('technician'),
      payload: { action: 'disable' },
    });
    expect(again.statusCode).toBeGreaterThanOrEqual(400);
    expect(again.json<{ message: string }>().message).toMatch(/Google refused/);
    const reenable = await h.app.inject({
      method: 'POST',
      url: `/api/devices/${device(3)}/status`,
      headers: as('technician'),
      payload: { action: 'reenable' },
    });
    expect(reenable.json<DeviceDetail>().device.status).toBe('ACTIVE');
    const deprovision = await h.app.inject({
      method: 'POST',
      url: `/api/devices/${device(4)}/status`,
      headers: as('admin'),
      payload: { action: 'deprovision', reason: 'retiring_device' },
    });
    expect(deprovision.statusCode).toBe(200);
    expect((await h.emulator.google.directory.getChromeOsDevice(device(4))).status).toBe('DEPROVISIONED');
    const audit = await h.testDb.database.db
      .selectFrom('audit_log')
      .select(['action', 'outcome', 'details'])
      .where('org_id', '=', ORG)
      .where('target_id', '=', device(3))
      .orderBy('occurred_at')
      .execute();
    expect(audit.map((a) => [a.action, a.outcome])).toEqual([
      ['device.disable', 'success'],
      ['device.disable', 'failure'],
      ['device.reenable', 'success'],
    ]);
    expect(audit[0]?.details).toEqual({ reason: 'lost', note: 'Left in the library' });
  });

  it('tracks a reboot to EXECUTED_BY_CLIENT as the device picks it up', async () => {
    const id = kiosk[0]?.device_id as string;
    const issued = await h.app.inject({
      method: 'POST',
      url: `/api/devices/${id}/commands`,
      headers: as('technician'),
      payload: { type: 'REBOOT', userSessionDelaySeconds: 0 },
    });
    expect(issued.statusCode).toBe(202);
    const command = issued.json<DeviceCommand>();
    expect(command).toMatchObject({
      deviceId: id,
      type: 'REBOOT',
      state: 'PENDING',
      terminal: false,
      issuedBy: { id: USER, name: 'Avery Admin' },
    });
    const seen = new Set<string>();
    let current = command;
    for (let step = 0; step < 30 && !current.terminal; step += 1) {
      await h.emulator.control('clock/advance', { ms: 5_000 });
      const polled = await h.app.inject({
        method: 'GET',
        url: `/api/devices/${id}/commands/${command.commandId}`,
        headers: as('viewer'),
      });
      expect(polled.statusCode).toBe(200);
      current = polled.json<DeviceCommand>();
      seen.add(current.state);
    }
    expect(current.state).toBe('EXECUTED_BY_CLIENT');
    expect(current.terminal).toBe(true);
    expect(current.result?.result).toMatch(/SUCCESS|FAILURE/);
    expect(seen.has('ACKED_BY_CLIENT') || seen.has('SENT_TO_CLIENT')).toBe(true);
    const list = await h.app.inject({
      method: 'GET',
      url: `/api/devices/${id}/commands`,
      headers: as('viewer'),
    });
    expect(list.json<{ commands: DeviceCommand[] }>().commands[0]).toMatchObject({
      commandId: command.commandId,
      state: 'EXECUTED_BY_CLIENT',
    });
    const timeline = await h.app.inject({
      method: 'GET',
      url: `/api/devices/${id}/timeline`,
      headers: as('viewer'),
    });
    expect(
      timeline.json<{ entries: TimelineEntry[] }>().entries.find((e) => e.kind === 'command'),
    ).toMatchObject({
      field: 'REBOOT',
      newValue: 'EXECUTED_BY_CLIENT',
      actor: { id: USER },
    });
    const missing = await h.app.inject({
      method: 'GET',
      url: `/api/devices/${id}/commands/123456`,
      headers: as('viewer'),
    });
    expect(missing.statusCode).toBe(404);
  });

  it('follows a bulk reboot of kiosks to its end state without a page polling it', async () => {
    const id = kiosk[1]?.device_id as string;
    const request = { target: { deviceIds: [id] }, action: { kind: 'command', command: { type: 'REBOOT' } } };
    const preview = await h.app.inject({
      method: 'POST',
      url: '/api/bulk-actions/preview',
      headers: as('technician'),
      payload: request,
    });
    expect(preview.json<{ deviceCount: number }>().deviceCount).toBe(1);
    const started = await h.app.inject({
      method: 'POST',
      url: '/api/bulk-actions',
      headers: as('technician'),
      payload: { ...request, previewToken: preview.json<{ previewToken: string }>().previewToken },
    });
    expect(started.statusCode).toBe(202);
    await h.runner.idle();
    const stored = () =>
      h.testDb.database.db
        .selectFrom('fleet_device_command')
        .select(['state', 'bulk_run_id', 'issued_by'])
        .where('org_id', '=', ORG)
        .where('device_id', '=', id)
        .executeTakeFirstOrThrow();
    expect(await stored()).toEqual({
      state: 'PENDING',
      bulk_run_id: started.json<{ id: string }>().id,
      issued_by: USER,
    });
    await h.emulator.control('clock/advance', { ms: 10 * 60_000 });
    expect(await followOpenCommands(h.deps, { refreshAfterMs: 0 })).toBe(1);
    expect((await stored()).state).toBe('EXECUTED_BY_CLIENT');
    expect(await followOpenCommands(h.deps, { refreshAfterMs: 0 })).toBe(0);
  });

  it('pages the timeline newest first without gaps or repeats', async () => {
    const id = device(1);
    const all = await h.app.inject({
      method: 'GET',
      url: `/api/devices/${id}/timeline?limit=200`,
      headers: as('viewer'),
    });
    const expected = all.json<{ entries: TimelineEntry[] }>().entries.map((e) => e.id);
    expect(expected.length).toBeGreaterThanOrEqual(3);
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const url: string = `/api/devices/${id}/timeline?limit=1${cursor ? `&cursor=${cursor}` : ''}`;
      const page = await h.app.inject({ method: 'GET', url, headers: as('viewer') });
      const body = page.json<{ entries: TimelineEntry[]; nextCursor: string | null }>();
      seen.push(...body.entries.map((e) => e.id));
      cursor = body.nextCursor;
    } while (cursor);
    expect(seen).toEqual(expected);
    const times = all.json<{ entries: TimelineEntry[] }>().entries.map((e) => e.at);
    expect([...times].sort().reverse()).toEqual(times);
    const forged = await h.app.inject({
      method: 'GET',
      url: `/api/devices/${id}/timeline?cursor=bm90LWEtY3Vyc29y`,
      headers: as('viewer'),
    });
    expect(forged.statusCode).toBe(400);
  });

  it('serves telemetry samples oldest first within the window', async () => {
    const { rows } = await sql<{ device_id: string; n: number }>`
      select device_id, count(*)::int as n from fleet_telemetry_sample where org_id = ${ORG}
      group by 1 order by 2 desc limit 1`.execute(h.testDb.database.db);
    const id = rows[0]?.device_id ?? device(0);
    const response = await h.app.inject({
      method: 'GET',
      url: `/api/devices/${id}/telemetry?days=30`,
      headers: as('viewer'),
    });
    expect(response.statusCode).toBe(200);
    const samples = response.json<{ samples: { sampledAt: string }[] }>().samples;
    expect(samples.length).toBe(rows[0]?.n ?? 0);
    expect(samples.map((s) => s.sampledAt)).toEqual(samples.map((s) => s.sampledAt).sort());
    const bad = await h.app.inject({
      method: 'GET',
      url: `/api/devices/${id}/telemetry?days=9999`,
      headers: as('viewer'),
    });
    expect(bad.statusCode).toBe(400);
  });

  it('maps a Google rate limit to 429 with Retry-After and audits the failure', async () => {
    await h.emulator.control('faults', { status: 429, api: 'directory', count: 10 });
    try {
      const response = await h.app.inject({
        method: 'PATCH',
        url: `/api/devices/${device(5)}`,
        headers: as('admin'),
        payload: { annotatedAssetId: 'A-1' },
      });
      expect(response.statusCode).toBe(429);
      expect(response.headers['retry-after']).toMatch(/^\d+$/);
    } finally {
      await h.emulator.emu.app.inject({ method: 'DELETE', url: '/__emulator/faults' });
    }
    const google = await h.emulator.google.directory.getChromeOsDevice(device(5));
    expect(google.annotatedAssetId).not.toBe('A-1');
  });
});

describe(`device routes inside the app (${backendName})`, () => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await createTestApp();
  });
  afterAll(async () => {
    await testApp.close();
  });

  it('requires a session for every device and bulk action route', async () => {
    const id = 'abc-123';
    const uuid = '00000000-0000-4000-8000-000000000000';
    for (const [method, url] of [
      ['GET', `/api/devices/${id}`],
      ['GET', `/api/devices/${id}/telemetry`],
      ['GET', `/api/devices/${id}/timeline`],
      ['PATCH', `/api/devices/${id}`],
      ['POST', `/api/devices/${id}/move`],
      ['POST', `/api/devices/${id}/status`],
      ['GET', `/api/devices/${id}/return-message`],
      ['POST', `/api/devices/${id}/commands`],
      ['GET', `/api/devices/${id}/commands`],
      ['GET', `/api/devices/${id}/commands/1`],
      ['POST', '/api/bulk-actions/preview'],
      ['POST', '/api/bulk-actions'],
      ['GET', '/api/bulk-actions'],
      ['GET', `/api/bulk-actions/${uuid}`],
      ['POST', `/api/bulk-actions/${uuid}/retry`],
    ] as const) {
      const response = await testApp.app.inject({ method, url, payload: method === 'GET' ? undefined : {} });
      expect([method, url, response.statusCode]).toEqual([method, url, 401]);
    }
  });
});

describe(`device routes: other organizations, kiosk commands and sync timeline (${backendName})`, () => {
  let h: DeviceHarness;
  let regularId: string;
  let kioskId: string;
  let kioskLogsId: string;

  beforeAll(async () => {
    h = await startDeviceHarness({ size: 300 });
    const kiosks = await pickDevices(
      h,
      sql<boolean>`status = 'ACTIVE' and (license_type = 'kioskUpgrade' or (raw->'osUpdateStatus'->>'targetKioskAppVersion') is not null)`,
      2,
    );
    const [regular] = await pickDevices(
      h,
      sql<boolean>`status = 'ACTIVE' and (raw->'osUpdateStatus'->>'targetKioskAppVersion') is null and license_type is distinct from 'kioskUpgrade'`,
      1,
    );
    expect(kiosks).toHaveLength(2);
    regularId = regular?.device_id as string;
    kioskId = kiosks[0]?.device_id as string;
    kioskLogsId = kiosks[1]?.device_id as string;
  }, 60_000);
  afterAll(async () => {
    await h.close();
  });

  const inject = (method: 'GET' | 'POST', url: string, headers: Record<string, string>, payload?: object) =>
    h.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
  /** The commands Fleetdeck stored for a device (a refused command stores none). */
  const storedCommands = (deviceId: string) =>
    h.testDb.database.db
      .selectFrom('fleet_device_command')
      .select('command_id')
      .where('org_id', '=', ORG)
      .where('device_id', '=', deviceId)
      .execute();

  it('screenshots a kiosk (202) and refuses a device that is not one (400 naming kiosk)', async () => {
    const refused = await inject('POST', `/api/devices/${regularId}/commands`, as('technician'), {
      type: 'TAKE_A_SCREENSHOT',
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json<{ message: string }>().message).toMatch(/kiosk/);
    const logsRefused = await inject('POST', `/api/devices/${regularId}/commands`, as('technician'), {
      type: 'CAPTURE_LOGS',
    });
    expect(logsRefused.statusCode).toBe(400);
    expect(logsRefused.json<{ message: string }>().message).toMatch(/kiosk/);
    expect(await storedCommands(regularId)).toEqual([]);

    const taken = await inject('POST', `/api/devices/${kioskId}/commands`, as('technician'), {
      type: 'TAKE_A_SCREENSHOT',
    });
    expect(taken.statusCode).toBe(202);
    expect(taken.json<DeviceCommand>()).toMatchObject({
      deviceId: kioskId,
      type: 'TAKE_A_SCREENSHOT',
      state: 'PENDING',
    });
  });

  it('refuses Reboot on a device outside kiosks before ChromeOS 113, alone and in a bulk preview', async () => {
    const [old, current] = await pickDevices(
      h,
      sql<boolean>`status = 'ACTIVE' and (raw->'osUpdateStatus'->>'targetKioskAppVersion') is null
        and license_type is distinct from 'kioskUpgrade' and device_id <> ${regularId}`,
      2,
    );
    const oldId = old?.device_id as string;
    const currentId = current?.device_id as string;
    // Google reported ChromeOS 112 for one of them, a current version for the other.
    await sql`update fleet_device set os_version = '112.0.5615.134' where org_id = ${ORG} and device_id = ${oldId}`.execute(
      h.testDb.database.db,
    );
    await sql`update fleet_device set os_version = '128.0.6613.5' where org_id = ${ORG} and device_id = ${currentId}`.execute(
      h.testDb.database.db,
    );
    const refused = await inject('POST', `/api/devices/${oldId}/commands`, as('technician'), {
      type: 'REBOOT',
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json<{ message: string }>().message).toMatch(
      /ChromeOS 113 on; this one runs ChromeOS 112/,
    );
    expect(await storedCommands(oldId)).toEqual([]);

    const preview = await inject('POST', '/api/bulk-actions/preview', as('technician'), {
      target: { deviceIds: [oldId, currentId] },
      action: { kind: 'command', command: { type: 'REBOOT' } },
    });
    expect(preview.statusCode, preview.body).toBe(200);
    expect(preview.json<BulkPreview>()).toMatchObject({
      changeCount: 1,
      unchanged: 0,
      ineligible: [
        {
          reason: 'Reboot reaches devices outside kiosk and managed guest sessions from ChromeOS 113 on',
          count: 1,
        },
      ],
    });

    const taken = await inject('POST', `/api/devices/${currentId}/commands`, as('technician'), {
      type: 'REBOOT',
    });
    expect(taken.statusCode, taken.body).toBe(202);
  });

  it('captures a kiosk’s logs and follows the command until Google lists the log file', async () => {
    const issued = await inject('POST', `/api/devices/${kioskLogsId}/commands`, as('technician'), {
      type: 'CAPTURE_LOGS',
    });
    expect(issued.statusCode).toBe(202);
    const command = issued.json<DeviceCommand>();
    expect(command).toMatchObject({ type: 'CAPTURE_LOGS', state: 'PENDING', terminal: false });
    let current = command;
    for (let step = 0; step < 40 && !current.terminal; step += 1) {
      await h.emulator.control('clock/advance', { ms: 5_000 });
      const polled = await inject(
        'GET',
        `/api/devices/${kioskLogsId}/commands/${command.commandId}`,
        as('viewer'),
      );
      current = polled.json<DeviceCommand>();
    }
    expect(current).toMatchObject({ state: 'EXECUTED_BY_CLIENT', terminal: true });
    const listed = await inject('GET', `/api/devices/${kioskLogsId}/commands`, as('viewer'));
    expect(listed.json<{ commands: DeviceCommand[] }>().commands[0]).toMatchObject({
      commandId: command.commandId,
      state: 'EXECUTED_BY_CLIENT',
    });
    // The emulator lands the command's effect as Google does: the logs appear among the device's files.
    const google = await h.emulator.google.directory.getChromeOsDevice(kioskLogsId, { projection: 'FULL' });
    expect(google.deviceFiles?.map((file) => file.name)).toContain(`Logs ${command.commandId}`);
  });

  it('answers 404 to another organization on every device route and leaves the device at Google alone', async () => {
    const ou = await h.testDb.database.db
      .selectFrom('fleet_org_unit')
      .select('org_unit_id')
      .where('org_id', '=', ORG)
      .where('org_unit_path', '!=', '/')
      .orderBy('org_unit_path')
      .executeTakeFirstOrThrow();
    const [command] = (await inject('GET', `/api/devices/${kioskId}/commands`, as('viewer'))).json<{
      commands: DeviceCommand[];
    }>().commands;
    expect(command).toBeDefined();
    const before = await h.emulator.google.directory.getChromeOsDevice(kioskId, { projection: 'FULL' });
    const stranger = as('admin', OTHER_ORG);
    for (const [method, url, payload] of [
      ['POST', `/api/devices/${kioskId}/move`, { orgUnitId: ou.org_unit_id }],
      ['POST', `/api/devices/${kioskId}/status`, { action: 'disable', reason: 'lost' }],
      ['POST', `/api/devices/${kioskId}/commands`, { type: 'REBOOT' }],
      ['GET', `/api/devices/${kioskId}/commands`, undefined],
      ['GET', `/api/devices/${kioskId}/commands/${command?.commandId}`, undefined],
      ['GET', `/api/devices/${kioskId}/timeline`, undefined],
      ['GET', `/api/devices/${kioskId}/telemetry?days=30`, undefined],
    ] as const) {
      const response = await inject(method, url, stranger, payload);
      expect([method, url, response.statusCode]).toEqual([method, url, 404]);
    }
    const after = await h.emulator.google.directory.getChromeOsDevice(kioskId, { projection: 'FULL' });
    expect(after).toEqual(before);
    const commands = await h.testDb.database.db
      .selectFrom('fleet_device_command')
      .select('command_id')
      .where('device_id', '=', kioskId)
      .execute();
    expect(commands).toHaveLength(1);
    const audited = await h.testDb.database.db
      .selectFrom('audit_log')
      .select('action')
      .where('org_id', '=', OTHER_ORG)
      .execute();
    expect(audited.filter((a) => a.action.startsWith('device.'))).toEqual([]);
  });

  it('shows a sync’s user change as its own entry and its other changes as one grouped entry', async () => {
    const firstUser = (d: { recentUsers?: { email?: string }[] | undefined }) =>
      d.recentUsers?.find((user) => user.email)?.email ?? null;
    const before = new Map((await h.emulator.listAllDevices()).map((d) => [d.deviceId, d]));
    await h.emulator.control('clock/advance', { ms: 45 * 86_400_000 });
    const changed = (await h.emulator.listAllDevices()).find((d) => {
      const old = before.get(d.deviceId);
      return (
        old !== undefined &&
        d.status === 'ACTIVE' &&
        d.annotatedUser === old.annotatedUser &&
        firstUser(d) !== null &&
        firstUser(d) !== firstUser(old) &&
        d.osVersion !== old.osVersion
      );
    });
    expect(changed).toBeDefined();
    const id = changed?.deviceId as string;
    await h.emulator.google.directory.patchChromeOsDevice(id, { annotatedLocation: 'Library cart 7' });
    const runId = await syncOnce(h.testDb.database, h.emulator, ORG, 'incremental');
    const { rows: history } = await sql<{ id: string; field: string }>`
      select id::text as id, field from fleet_device_history
      where org_id = ${ORG} and device_id = ${id} and sync_run_id = ${runId} order by field`.execute(
      h.testDb.database.db,
    );
    const fields = history.map((row) => row.field);
    expect(fields).toEqual(expect.arrayContaining(['annotatedLocation', 'osVersion', 'recentUser']));
    const fromRun = new Set([`g${runId}`, ...history.map((row) => `h${row.id.padStart(20, '0')}`)]);
    const timeline = await inject('GET', `/api/devices/${id}/timeline?limit=200`, as('viewer'));
    const entries = timeline.json<{ entries: TimelineEntry[] }>().entries.filter((e) => fromRun.has(e.id));
    // The user change stands alone; every other field the run changed is one "synced" entry.
    expect(entries.filter((e) => e.kind === 'user')).toEqual([
      expect.objectContaining({
        source: 'sync',
        field: 'recentUser',
        oldValue: firstUser(before.get(id) ?? {}),
        newValue: firstUser(changed ?? {}),
      }),
    ]);
    const grouped = entries.filter((e) => e.kind === 'sync');
    expect(grouped).toEqual([expect.objectContaining({ id: `g${runId}`, source: 'sync' })]);
    expect(grouped[0]?.summary).toContain(
      `Location ${before.get(id)?.annotatedLocation ?? '(none)'} → Library cart 7`,
    );
    expect(entries).toHaveLength(
      1 +
        history.filter((row) => ['status', 'orgUnitPath', 'annotatedUser', 'recentUser'].includes(row.field))
          .length,
    );
  });
});
