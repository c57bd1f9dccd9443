import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orgUnitTargetResource } from '@fleetdeck/google/google-ids';
import { RETURN_MESSAGE_POLICY } from '@fleetdeck/shared/device-actions';
import type { DeviceDetail, ReturnMessageView, TimelineEntry } from '@fleetdeck/shared/device-contract';
import { DEVICE_NOT_FOUND_MESSAGE } from '../src/modules/devices/device-tenant.ts';
import { as, ORG, OTHER_ORG, startDeviceHarness, USER, type DeviceHarness } from './device-harness.ts';
import {
  pickDevicePerGradeUnit,
  returnMessageAt,
  schoolPathOf,
  type PickedDevice,
} from './return-message-fixture.ts';
import { backendName } from './test-database.ts';

/**
 * "Use the parent unit's message": a disable may first remove the return message set on the
 * device's own OU (Chrome Policy `batchInherit`), so the unit shows its parent's again. Owners
 * and admins only; offered (and accepted) only where the unit sets its own and has a parent; a
 * refused write disables nothing.
 */

describe(`going back to the parent unit's return message (${backendName})`, () => {
  let h: DeviceHarness;
  /** Active devices, each in a grade unit (below a school) no other test writes to. */
  let picked: PickedDevice[];

  beforeAll(async () => {
    h = await startDeviceHarness({ size: 300 });
    picked = await pickDevicePerGradeUnit(h);
    expect(picked.length).toBeGreaterThanOrEqual(7);
  }, 60_000);
  afterAll(async () => {
    await h.close();
  });

  const at = (i: number) => picked[i] as PickedDevice;
  const school = schoolPathOf;

  const policyAt = (ouId: string) => returnMessageAt(h, ouId);

  /** As another admin would in the Google Admin console: the unit sets a message of its own. */
  async function setOwnMessage(device: PickedDevice, message: string) {
    await h.emulator.google.policy.batchModifyOrgUnitPolicies([
      {
        policyTargetKey: { targetResource: orgUnitTargetResource(device.org_unit_id) },
        policyValue: {
          policySchema: RETURN_MESSAGE_POLICY.schema,
          value: { deviceDisabledMessage: message },
        },
        updateMask: RETURN_MESSAGE_POLICY.field,
      },
    ]);
  }

  async function schoolOf(device: PickedDevice) {
    const row = await h.testDb.database.db
      .selectFrom('fleet_org_unit')
      .select('org_unit_id')
      .where('org_id', '=', ORG)
      .where('org_unit_path', '=', school(device.org_unit_path))
      .executeTakeFirstOrThrow();
    return policyAt(row.org_unit_id);
  }

  const googleStatus = async (deviceId: string) =>
    (await h.emulator.google.directory.getChromeOsDevice(deviceId)).status;

  const storedStatus = async (deviceId: string) =>
    (
      await h.testDb.database.db
        .selectFrom('fleet_device')
        .select('status')
        .where('org_id', '=', ORG)
        .where('device_id', '=', deviceId)
        .executeTakeFirstOrThrow()
    ).status;

  const auditsOf = (targets: string[]) =>
    h.testDb.database.db
      .selectFrom('audit_log')
      .select(['action', 'outcome', 'target_id', 'details'])
      .where('org_id', '=', ORG)
      .where('target_id', 'in', targets)
      .orderBy('occurred_at')
      .execute();

  const view = async (deviceId: string, role: Parameters<typeof as>[0]) => {
    const response = await h.app.inject({
      method: 'GET',
      url: `/api/devices/${deviceId}/return-message`,
      headers: as(role),
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<ReturnMessageView>();
  };

  const disable = (
    deviceId: string,
    role: Parameters<typeof as>[0],
    payload: Record<string, unknown>,
    org = ORG,
  ) =>
    h.app.inject({
      method: 'POST',
      url: `/api/devices/${deviceId}/status`,
      headers: as(role, org),
      payload: { action: 'disable', ...payload },
    });

  it("previews the parent unit's message only where the unit sets its own and the caller may edit", async () => {
    const inherits = at(0);
    expect((await view(inherits.device_id, 'admin')).parent).toBeNull();
    const own = at(1);
    await setOwnMessage(own, 'Return to the grade office, room 7.');
    const parent = await schoolOf(own);
    const admin = await view(own.device_id, 'admin');
    expect(admin).toMatchObject({
      state: 'set',
      message: 'Return to the grade office, room 7.',
      source: { path: own.org_unit_path, direct: true },
      parent: {
        orgUnitPath: school(own.org_unit_path),
        state: 'set',
        message: parent.message,
        sourcePath: school(own.org_unit_path),
        error: null,
      },
    });
    // A technician cannot change the message, so nothing is previewed for them.
    expect((await view(own.device_id, 'technician')).parent).toBeNull();
  });

  it("removes the unit's own message (batchInherit), then disables; audited and in the timeline", async () => {
    const device = at(2);
    const own = `Return to ${device.org_unit_path}'s teacher (${Date.now()}).`;
    await setOwnMessage(device, own);
    const parent = await schoolOf(device);
    const response = await disable(device.device_id, 'admin', {
      reason: 'lost',
      inheritOrgUnitReturnMessage: true,
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<DeviceDetail>().device.status).toBe('DISABLED');
    expect(await googleStatus(device.device_id)).toBe('DISABLED');
    // Google resolves the unit to its school's message again.
    expect(await policyAt(device.org_unit_id)).toEqual(parent);
    const audits = await auditsOf([device.device_id, device.org_unit_id]);
    expect(audits.map((row) => `${row.action}:${row.outcome}`)).toEqual([
      'policy.return_message_inherited:success',
      'device.disable:success',
    ]);
    expect(audits[0]).toMatchObject({
      target_id: device.org_unit_id,
      details: {
        orgUnitPath: device.org_unit_path,
        parentPath: school(device.org_unit_path),
        deviceId: device.device_id,
        oldMessage: own,
        oldSource: device.org_unit_path,
        newMessage: parent.message,
        newSource: school(device.org_unit_path),
      },
    });
    expect(audits[1]?.details).toMatchObject({
      reason: 'lost',
      returnMessage: {
        orgUnitPath: device.org_unit_path,
        inheritedFrom: school(device.org_unit_path),
        message: parent.message,
        changed: true,
      },
    });
    const timeline = await h.app.inject({
      method: 'GET',
      url: `/api/devices/${device.device_id}/timeline`,
      headers: as('viewer'),
    });
    const entry = timeline
      .json<{ entries: TimelineEntry[] }>()
      .entries.find((item) => item.kind === 'policy');
    expect(entry).toMatchObject({
      field: 'returnMessageInherited',
      oldValue: own,
      newValue: parent.message,
      actor: { id: USER },
    });
    expect(entry?.summary).toBe(
      `Return message of ${device.org_unit_path} set back to its parent unit's: “${parent.message}” (was “${own}”)`,
    );
    // The dialog now shows the inherited message and offers nothing more to go back to.
    expect(await view(device.device_id, 'admin')).toMatchObject({
      message: parent.message,
      source: { path: school(device.org_unit_path), direct: false },
      parent: null,
    });
  });

  it('refuses a technician (403) and a viewer (403), changing nothing', async () => {
    const device = at(3);
    await setOwnMessage(device, 'Return to room 3.');
    const before = await policyAt(device.org_unit_id);
    const technician = await disable(device.device_id, 'technician', { inheritOrgUnitReturnMessage: true });
    expect(technician.statusCode).toBe(403);
    expect(technician.json<{ message: string }>().message).toContain('return message');
    const viewer = await disable(device.device_id, 'viewer', { inheritOrgUnitReturnMessage: true });
    expect(viewer.statusCode).toBe(403);
    expect(await policyAt(device.org_unit_id)).toEqual(before);
    expect(before.source).toBe(orgUnitTargetResource(device.org_unit_id));
    expect(await googleStatus(device.device_id)).toBe('ACTIVE');
    expect(await storedStatus(device.device_id)).toBe('ACTIVE');
    expect(await auditsOf([device.device_id, device.org_unit_id])).toEqual([]);
  });

  it("answers 404 to another organization's owner and admin, for the preview and the disable, changing nothing", async () => {
    const device = at(6);
    await setOwnMessage(device, 'Return to room 6.');
    const before = await policyAt(device.org_unit_id);
    for (const role of ['owner', 'admin'] as const) {
      const preview = await h.app.inject({
        method: 'GET',
        url: `/api/devices/${device.device_id}/return-message`,
        headers: as(role, OTHER_ORG),
      });
      expect(preview.statusCode, preview.body).toBe(404);
      expect(preview.json()).toMatchObject({ error: 'not_found', message: DEVICE_NOT_FOUND_MESSAGE });
      const disabled = await disable(
        device.device_id,
        role,
        { reason: 'lost', inheritOrgUnitReturnMessage: true },
        OTHER_ORG,
      );
      expect(disabled.statusCode, disabled.body).toBe(404);
      expect(disabled.json()).toMatchObject({ error: 'not_found', message: DEVICE_NOT_FOUND_MESSAGE });
    }
    // Google still resolves the unit's own message, and the device stays active at Google and here.
    expect(await policyAt(device.org_unit_id)).toEqual(before);
    expect(before.source).toBe(orgUnitTargetResource(device.org_unit_id));
    expect(await googleStatus(device.device_id)).toBe('ACTIVE');
    expect(await storedStatus(device.device_id)).toBe('ACTIVE');
    const audits = await h.testDb.database.db
      .selectFrom('audit_log')
      .select(['org_id', 'action'])
      .where('target_id', 'in', [device.device_id, device.org_unit_id])
      .execute();
    expect(audits).toEqual([]);
    // The device's own organization still gets the preview.
    expect((await view(device.device_id, 'admin')).parent).toMatchObject({
      orgUnitPath: school(device.org_unit_path),
    });
  });

  it('leaves the device active and the message in place when Google refuses, and says so', async () => {
    const device = at(4);
    await setOwnMessage(device, 'Return to room 4.');
    const before = await policyAt(device.org_unit_id);
    await h.emulator.control('faults', {
      status: 403,
      reason: 'forbidden',
      api: 'policy',
      path: ':batchInherit',
      count: 1,
    });
    try {
      const response = await disable(device.device_id, 'owner', { inheritOrgUnitReturnMessage: true });
      // The grant's privilege, not the owner's role: 409, as in every area (decision 045).
      expect(response.statusCode).toBe(409);
      expect(response.json<{ error: string }>().error).toBe('google_permission_denied');
      expect(response.json<{ message: string }>().message).toBe(
        `Google did not switch ${device.org_unit_path} to its parent unit's return message (its own message stays), so the device was not disabled. Google refused: the connected Google admin may not manage Chrome policies of this unit. Ask a Google super admin for the Chrome Management settings privilege, or reconnect Google with an admin who has it.`,
      );
    } finally {
      await h.emulator.emu.app.inject({ method: 'DELETE', url: '/__emulator/faults' });
    }
    expect(await googleStatus(device.device_id)).toBe('ACTIVE');
    expect(await storedStatus(device.device_id)).toBe('ACTIVE');
    expect(await policyAt(device.org_unit_id)).toEqual(before);
    const audits = await auditsOf([device.device_id, device.org_unit_id]);
    expect(audits).toMatchObject([
      {
        action: 'policy.return_message_inherited',
        outcome: 'failure',
        details: { oldMessage: 'Return to room 4.' },
      },
    ]);
  });

  it('refuses both a new message and the parent one (400), and the top unit (409), writing nothing', async () => {
    const device = at(5);
    await setOwnMessage(device, 'Return to room 5.');
    const before = await policyAt(device.org_unit_id);
    const both = await disable(device.device_id, 'admin', {
      orgUnitReturnMessage: 'Return to room 6.',
      inheritOrgUnitReturnMessage: true,
    });
    expect(both.statusCode).toBe(400);
    expect(both.json<{ message: string }>().message).toContain('not both');
    expect(await policyAt(device.org_unit_id)).toEqual(before);
    // Moved to the top unit, the device has no parent unit to take a message from.
    const root = await h.testDb.database.db
      .selectFrom('fleet_org_unit')
      .select('org_unit_id')
      .where('org_id', '=', ORG)
      .where('org_unit_path', '=', '/')
      .executeTakeFirstOrThrow();
    const moved = await h.app.inject({
      method: 'POST',
      url: `/api/devices/${device.device_id}/move`,
      headers: as('admin'),
      payload: { orgUnitId: root.org_unit_id },
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect((await view(device.device_id, 'admin')).parent).toBeNull();
    const top = await disable(device.device_id, 'admin', { inheritOrgUnitReturnMessage: true });
    expect(top.statusCode).toBe(409);
    expect(top.json<{ message: string }>().message).toContain('no parent');
    expect(await googleStatus(device.device_id)).toBe('ACTIVE');
  });

  it('disables a device whose unit already follows its parent without writing any policy', async () => {
    const device = at(0);
    const before = await policyAt(device.org_unit_id);
    const response = await disable(device.device_id, 'admin', { inheritOrgUnitReturnMessage: true });
    expect(response.statusCode, response.body).toBe(200);
    expect(await googleStatus(device.device_id)).toBe('DISABLED');
    expect(await policyAt(device.org_unit_id)).toEqual(before);
    const audits = await auditsOf([device.device_id, device.org_unit_id]);
    expect(audits.map((row) => row.action)).toEqual(['device.disable']);
    expect(audits[0]?.details).toMatchObject({ returnMessage: { changed: false } });
  });
});
