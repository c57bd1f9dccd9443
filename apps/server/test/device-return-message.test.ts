import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orgUnitTargetResource } from '@fleetdeck/google/google-ids';
import { RETURN_MESSAGE_LIMIT } from '@fleetdeck/shared/device-actions';
import type { DeviceDetail, ReturnMessageView, TimelineEntry } from '@fleetdeck/shared/device-contract';
import type { BulkPreview } from '@fleetdeck/shared/bulk-contract';
import { as, ORG, OTHER_ORG, startDeviceHarness, USER, type DeviceHarness } from './device-harness.ts';
import {
  pickDevicePerGradeUnit,
  returnMessageAt,
  schoolPathOf,
  type PickedDevice,
} from './return-message-fixture.ts';
import { backendName } from './test-database.ts';

/**
 * A disabled Chromebook shows its OU's `chrome.devices.DisabledDeviceReturnInstructions` policy.
 * The device routes read it from the Google emulator for the disable dialog, and a disable that
 * changes it writes the policy on the device's OU first (owners and admins only), then disables;
 * a refused write disables nothing.
 */

describe(`return message of a disabled device (${backendName})`, () => {
  let h: DeviceHarness;
  /** Active devices, each in an OU no other test writes to. */
  let picked: PickedDevice[];

  beforeAll(async () => {
    h = await startDeviceHarness({ size: 300 });
    picked = await pickDevicePerGradeUnit(h);
    expect(picked.length).toBeGreaterThanOrEqual(6);
  }, 60_000);
  afterAll(async () => {
    await h.close();
  });

  const at = (i: number) => picked[i] as PickedDevice;
  const school = schoolPathOf;

  const policyAt = (ouId: string) => returnMessageAt(h, ouId);

  const googleStatus = async (deviceId: string) =>
    (await h.emulator.google.directory.getChromeOsDevice(deviceId)).status;

  const auditOf = (action: string) =>
    h.testDb.database.db
      .selectFrom('audit_log')
      .select(['action', 'outcome', 'target_id', 'details'])
      .where('org_id', '=', ORG)
      .where('action', '=', action)
      .orderBy('occurred_at')
      .execute();

  const disable = (deviceId: string, role: Parameters<typeof as>[0], payload: Record<string, unknown>) =>
    h.app.inject({
      method: 'POST',
      url: `/api/devices/${deviceId}/status`,
      headers: as(role),
      payload: { action: 'disable', ...payload },
    });

  it('shows the message the device will display and the unit that sets it (inherited from its school)', async () => {
    const device = at(0);
    const technician = await h.app.inject({
      method: 'GET',
      url: `/api/devices/${device.device_id}/return-message`,
      headers: as('technician'),
    });
    expect(technician.statusCode).toBe(200);
    const view = technician.json<ReturnMessageView>();
    const google = await policyAt(device.org_unit_id);
    expect(view).toMatchObject({
      orgUnit: { id: device.org_unit_id, path: device.org_unit_path },
      state: 'set',
      message: google.message,
      source: { path: school(device.org_unit_path), direct: false },
      error: null,
      canEdit: false,
      limit: RETURN_MESSAGE_LIMIT,
    });
    const admin = await h.app.inject({
      method: 'GET',
      url: `/api/devices/${device.device_id}/return-message`,
      headers: as('admin'),
    });
    expect(admin.json<ReturnMessageView>().canEdit).toBe(true);
    const foreign = await h.app.inject({
      method: 'GET',
      url: `/api/devices/${device.device_id}/return-message`,
      headers: as('admin', OTHER_ORG),
    });
    expect(foreign.statusCode).toBe(404);
  });

  it('writes the new message on the device OU first, then disables; both audited and in the timeline', async () => {
    const device = at(1);
    const before = await policyAt(device.org_unit_id);
    const message = `This Chromebook belongs to Riverbend. Call 555-0100 (${Date.now()}).`;
    const response = await disable(device.device_id, 'admin', {
      reason: 'lost',
      note: 'Left on bus 12',
      orgUnitReturnMessage: `  ${message}  `,
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<DeviceDetail>().device.status).toBe('DISABLED');
    expect(await googleStatus(device.device_id)).toBe('DISABLED');
    // Google now holds the message on the device's own unit (it was inherited before).
    expect(await policyAt(device.org_unit_id)).toEqual({
      message,
      source: orgUnitTargetResource(device.org_unit_id),
    });
    const [policyAudit] = await auditOf('policy.return_message');
    expect(policyAudit).toMatchObject({
      outcome: 'success',
      target_id: device.org_unit_id,
      details: {
        orgUnitPath: device.org_unit_path,
        deviceId: device.device_id,
        oldMessage: before.message,
        oldSource: school(device.org_unit_path),
        newMessage: message,
      },
    });
    const disableAudit = (await auditOf('device.disable')).find((row) => row.target_id === device.device_id);
    expect(disableAudit).toMatchObject({
      outcome: 'success',
      details: {
        reason: 'lost',
        note: 'Left on bus 12',
        returnMessage: { orgUnitPath: device.org_unit_path, message, changed: true },
      },
    });
    const timeline = await h.app.inject({
      method: 'GET',
      url: `/api/devices/${device.device_id}/timeline`,
      headers: as('viewer'),
    });
    const entries = timeline.json<{ entries: TimelineEntry[] }>().entries;
    expect(entries.find((entry) => entry.kind === 'policy')).toMatchObject({
      field: 'returnMessage',
      oldValue: before.message,
      newValue: message,
      actor: { id: USER },
    });
    const policySummary = entries.find((entry) => entry.kind === 'policy')?.summary;
    expect(policySummary).toContain(`Return message of ${device.org_unit_path}`);
    expect(policySummary).toContain(`“${message}”`);
    expect(entries.find((entry) => entry.field === 'status')?.summary).toBe(
      'Status changed: Active → Disabled',
    );
    expect(entries.find((entry) => entry.field === 'disableReason')).toMatchObject({
      kind: 'status',
      newValue: 'Lost: Left on bus 12',
    });
    expect(entries.find((entry) => entry.field === 'disableReason')?.summary).toContain(
      'not shown on the device',
    );
    expect(entries.find((entry) => entry.field === 'status')?.newValue).toBe('DISABLED');
    const view = await h.app.inject({
      method: 'GET',
      url: `/api/devices/${device.device_id}/return-message`,
      headers: as('viewer'),
    });
    expect(view.json<ReturnMessageView>()).toMatchObject({
      state: 'set',
      message,
      source: { path: device.org_unit_path, direct: true },
    });
  });

  it('refuses a technician who changes the message (403) and a viewer who disables, changing nothing', async () => {
    const device = at(2);
    const before = await policyAt(device.org_unit_id);
    const technician = await disable(device.device_id, 'technician', {
      orgUnitReturnMessage: 'Return to room 4',
    });
    expect(technician.statusCode).toBe(403);
    expect(technician.json<{ message: string }>().message).toContain('return message');
    const viewer = await disable(device.device_id, 'viewer', { orgUnitReturnMessage: 'Return to room 4' });
    expect(viewer.statusCode).toBe(403);
    expect(await policyAt(device.org_unit_id)).toEqual(before);
    expect(await googleStatus(device.device_id)).toBe('ACTIVE');
    const audits = await h.testDb.database.db
      .selectFrom('audit_log')
      .select('action')
      .where('org_id', '=', ORG)
      .where('target_id', 'in', [device.device_id, device.org_unit_id])
      .execute();
    expect(audits).toEqual([]);
    // A technician may still disable with the unit's message as it is, and give a reason.
    const plain = await disable(device.device_id, 'technician', { reason: 'stolen' });
    expect(plain.statusCode).toBe(200);
    expect(await googleStatus(device.device_id)).toBe('DISABLED');
    expect(await policyAt(device.org_unit_id)).toEqual(before);
  });

  it(`refuses a message over ${RETURN_MESSAGE_LIMIT} characters (400) and the old returnMessage field, writing nothing`, async () => {
    const device = at(3);
    const before = await policyAt(device.org_unit_id);
    const long = await disable(device.device_id, 'admin', {
      orgUnitReturnMessage: 'x'.repeat(RETURN_MESSAGE_LIMIT + 1),
    });
    expect(long.statusCode).toBe(400);
    expect(long.json<{ message: string }>().message).toContain('longer than 1,000 characters');
    const empty = await disable(device.device_id, 'admin', { orgUnitReturnMessage: '   ' });
    expect(empty.statusCode).toBe(400);
    const legacy = await disable(device.device_id, 'admin', { returnMessage: 'Only in the audit log' });
    expect(legacy.statusCode).toBe(400);
    expect(await policyAt(device.org_unit_id)).toEqual(before);
    expect(await googleStatus(device.device_id)).toBe('ACTIVE');
  });

  it('leaves the device active when Google refuses the policy write, and says so', async () => {
    const device = at(4);
    const before = await policyAt(device.org_unit_id);
    await h.emulator.control('faults', {
      status: 403,
      reason: 'forbidden',
      api: 'policy',
      path: ':batchModify',
      count: 1,
    });
    try {
      const response = await disable(device.device_id, 'owner', { orgUnitReturnMessage: 'Return to room 9' });
      // The grant's privilege, not the owner's role: 409, as in every area (decision 045).
      expect(response.statusCode).toBe(409);
      expect(response.json<{ error: string }>().error).toBe('google_permission_denied');
      expect(response.json<{ message: string }>().message).toContain(
        `Google did not save the new return message for ${device.org_unit_path}, so the device was not disabled.`,
      );
    } finally {
      await h.emulator.emu.app.inject({ method: 'DELETE', url: '/__emulator/faults' });
    }
    expect(await googleStatus(device.device_id)).toBe('ACTIVE');
    expect(await policyAt(device.org_unit_id)).toEqual(before);
    const stored = await h.testDb.database.db
      .selectFrom('fleet_device')
      .select('status')
      .where('org_id', '=', ORG)
      .where('device_id', '=', device.device_id)
      .executeTakeFirstOrThrow();
    expect(stored.status).toBe('ACTIVE');
    const failures = (await auditOf('policy.return_message')).filter(
      (row) => row.target_id === device.org_unit_id,
    );
    expect(failures).toMatchObject([{ outcome: 'failure', details: { newMessage: 'Return to room 9' } }]);
    expect((await auditOf('device.disable')).some((row) => row.target_id === device.device_id)).toBe(false);
  });

  it('says plainly when Google cannot be asked, and still disables without a message change', async () => {
    const device = at(5);
    await h.emulator.control('faults', { status: 403, reason: 'forbidden', api: 'policy', count: 5 });
    try {
      const response = await h.app.inject({
        method: 'GET',
        url: `/api/devices/${device.device_id}/return-message`,
        headers: as('admin'),
      });
      expect(response.statusCode).toBe(200);
      expect(response.json<ReturnMessageView>()).toMatchObject({
        state: 'unavailable',
        message: null,
        error: expect.stringContaining('Google refused') as string,
      });
      const disabled = await disable(device.device_id, 'admin', { reason: 'other', note: 'Audit' });
      expect(disabled.statusCode).toBe(200);
    } finally {
      await h.emulator.emu.app.inject({ method: 'DELETE', url: '/__emulator/faults' });
    }
    expect(await googleStatus(device.device_id)).toBe('DISABLED');
  });

  it("previews a bulk disable with each unit's return message, and refuses a message in the request", async () => {
    // Devices still active now (earlier tests disable some): the preview names the units of the
    // devices that will change, and an already disabled device changes nothing.
    const { rows: active } = await sql<{ device_id: string }>`
      select device_id from fleet_device where org_id = ${ORG} and status = 'ACTIVE'
        and device_id in (${sql.join(picked.map((device) => device.device_id))})`.execute(
      h.testDb.database.db,
    );
    const activeIds = new Set(active.map((row) => row.device_id));
    const chosen = picked.filter((device) => activeIds.has(device.device_id)).slice(0, 3);
    expect(chosen.length).toBe(3);
    const ids = chosen.map((device) => device.device_id);
    const preview = await h.app.inject({
      method: 'POST',
      url: '/api/bulk-actions/preview',
      headers: as('technician'),
      payload: { target: { deviceIds: ids }, action: { kind: 'disable', reason: 'lost' } },
    });
    expect(preview.statusCode, preview.body).toBe(200);
    const body = preview.json<BulkPreview>();
    expect(body.returnMessages?.map((unit) => unit.orgUnitPath).sort()).toEqual(
      chosen.map((device) => device.org_unit_path).sort(),
    );
    const unit = chosen[0] as PickedDevice;
    const first = body.returnMessages?.find((entry) => entry.orgUnitPath === unit.org_unit_path);
    const resolved = await policyAt(unit.org_unit_id);
    expect(first).toMatchObject({ message: resolved.message, state: resolved.message ? 'set' : 'not_set' });
    const withMessage = await h.app.inject({
      method: 'POST',
      url: '/api/bulk-actions/preview',
      headers: as('admin'),
      payload: { target: { deviceIds: ids }, action: { kind: 'disable', returnMessage: 'Return it' } },
    });
    expect(withMessage.statusCode).toBe(400);
  });
});
