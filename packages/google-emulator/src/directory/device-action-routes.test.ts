/* eslint-disable @typescript-eslint/no-unsafe-call, @typescript-eslint/no-unsafe-argument -- response bodies are untyped JSON (`Body`); the assertions check their shape */
import { batchChangeStatusResponseSchema } from '@fleetdeck/google/directory/device-status-change.schema';
import { deviceCommandSchema } from '@fleetdeck/google/directory/device-command.schema';
import { describe, expect, it } from 'vitest';
import { PROFILE } from '../state/device-table.ts';
import { isLive } from '../state/device-life.ts';
import { DEVICES, startTestEmulator, type TestEmulator } from '../testing/emulator-harness.ts';

const BATCH = `${DEVICES}:batchChangeStatus`;
const DEPROVISION = 'CHANGE_CHROME_OS_DEVICE_STATUS_ACTION_DEPROVISION';

function rowsWhere(t: TestEmulator, test: (i: number) => boolean): number[] {
  return Array.from({ length: t.emu.state.fleet.devices.count }, (_, i) => i).filter(test);
}

describe('batchChangeStatus', () => {
  const t = startTestEmulator();
  const d = t.emu.state.fleet.devices;

  it('answers per device, in request order, with google.rpc.Status errors', async () => {
    const [active1, active2] = rowsWhere(t, (i) => d.statusOf(i) === 'ACTIVE');
    const [deprovisioned] = rowsWhere(t, (i) => d.statusOf(i) === 'DEPROVISIONED');
    const ids = [d.deviceId[active1!]!, 'no-such-device', d.deviceId[deprovisioned!]!, d.deviceId[active2!]!];
    const { status, body } = await t.send('POST', BATCH, {
      deviceIds: ids,
      changeChromeOsDeviceStatusAction: DEPROVISION,
      deprovisionReason: 'DEPROVISION_REASON_RETIRING_DEVICE',
    });
    expect(status).toBe(200);
    const results = batchChangeStatusResponseSchema.parse(body).changeChromeOsDeviceStatusResults!;
    expect(results.map((r) => r.deviceId)).toEqual(ids);
    expect(body.changeChromeOsDeviceStatusResults[0]).toEqual({ deviceId: ids[0], response: {} });
    expect(body.changeChromeOsDeviceStatusResults[1].error).toMatchObject({ code: 5 });
    expect(body.changeChromeOsDeviceStatusResults[2].error).toMatchObject({ code: 9 });
    const after = await t.get(`${DEVICES}/${ids[0]}`);
    expect(after.body).toMatchObject({
      status: 'DEPROVISIONED',
      deprovisionReason: 'DEPROVISION_REASON_RETIRING_DEVICE',
    });
    expect(after.body.lastDeprovisionTimestamp).toBe(new Date(t.emu.state.now()).toISOString());
  });

  it('disables and re-enables, refusing transitions that make no sense', async () => {
    const [row] = rowsWhere(t, (i) => d.statusOf(i) === 'ACTIVE');
    const id = d.deviceId[row!]!;
    const change = (action: string) =>
      t.send('POST', BATCH, {
        deviceIds: [id],
        changeChromeOsDeviceStatusAction: `CHANGE_CHROME_OS_DEVICE_STATUS_ACTION_${action}`,
      });
    expect((await change('REENABLE')).body.changeChromeOsDeviceStatusResults[0].error.code).toBe(9);
    expect((await change('DISABLE')).body.changeChromeOsDeviceStatusResults[0].response).toEqual({});
    expect((await t.get(`${DEVICES}/${id}`)).body.status).toBe('DISABLED');
    expect((await change('DISABLE')).body.changeChromeOsDeviceStatusResults[0].error.code).toBe(9);
    expect((await change('REENABLE')).body.changeChromeOsDeviceStatusResults[0].response).toEqual({});
    expect((await t.get(`${DEVICES}/${id}`)).body.status).toBe('ACTIVE');
  });

  it('validates the request: at most 50 ids, an action, a reason to deprovision', async () => {
    const ids = d.deviceId.slice(0, 51);
    expect(
      (
        await t.send('POST', BATCH, {
          deviceIds: ids,
          changeChromeOsDeviceStatusAction: 'CHANGE_CHROME_OS_DEVICE_STATUS_ACTION_DISABLE',
        })
      ).status,
    ).toBe(400);
    expect(
      (
        await t.send('POST', BATCH, {
          deviceIds: ids.slice(0, 2),
          changeChromeOsDeviceStatusAction: 'CHANGE_CHROME_OS_DEVICE_STATUS_ACTION_UNSPECIFIED',
        })
      ).status,
    ).toBe(400);
    expect(
      (
        await t.send('POST', BATCH, {
          deviceIds: ids.slice(0, 2),
          changeChromeOsDeviceStatusAction: DEPROVISION,
        })
      ).status,
    ).toBe(400);
    expect((await t.send('POST', BATCH, { changeChromeOsDeviceStatusAction: DEPROVISION })).status).toBe(400);
  });

  it('keeps the legacy action method: 412 conditionNotMet on an illegal transition', async () => {
    const [row] = rowsWhere(t, (i) => d.statusOf(i) === 'DEPROVISIONED');
    const { status, body } = await t.send('POST', `${DEVICES}/${d.deviceId[row!]}/action`, {
      action: 'disable',
    });
    expect(status).toBe(412);
    expect(body.error.errors[0].reason).toBe('conditionNotMet');
  });
});

describe('moveDevicesToOu', () => {
  const t = startTestEmulator();
  const d = t.emu.state.fleet.devices;

  it('moves up to 50 devices, silently skipping unknown ids', async () => {
    const target = t.emu.state.fleet.orgUnits.byPath('/Staging')!;
    const ids = [d.deviceId[1]!, d.deviceId[2]!, 'unknown-id'];
    const response = await t.send(
      'POST',
      `${DEVICES}/moveDevicesToOu?orgUnitPath=${encodeURIComponent('Staging')}`,
      { deviceIds: ids },
    );
    expect(response.status).toBe(204);
    for (const id of ids.slice(0, 2))
      expect((await t.get(`${DEVICES}/${id}`)).body.orgUnitPath).toBe(target.orgUnitPath);
    expect((await t.send('POST', `${DEVICES}/moveDevicesToOu`, { deviceIds: ids })).status).toBe(400);
    expect(
      (
        await t.send('POST', `${DEVICES}/moveDevicesToOu?orgUnitPath=/Staging`, {
          deviceIds: d.deviceId.slice(0, 51),
        })
      ).status,
    ).toBe(400);
  });
});

describe('remote commands', () => {
  const t = startTestEmulator({ accessTokenTtlSeconds: 30 * 86_400 });
  const state = t.emu.state;
  const d = state.fleet.devices;
  const issue = (row: number, body: object) =>
    t.send('POST', `${DEVICES}/${d.deviceId[row]}:issueCommand`, body);
  const commandOf = (row: number, commandId: string) =>
    t.get(`${DEVICES}/${d.deviceId[row]}/commands/${commandId}`);
  const kiosk = rowsWhere(
    t,
    (i) => d.profile[i] === PROFILE.kiosk && d.statusOf(i) === 'ACTIVE' && isLive(state.fleet, i),
  )[0]!;
  const laptop = rowsWhere(
    t,
    (i) => d.profile[i] === PROFILE.oneToOne && d.statusOf(i) === 'ACTIVE' && isLive(state.fleet, i),
  )[0]!;

  it('walks PENDING → SENT_TO_CLIENT → ACKED_BY_CLIENT → EXECUTED_BY_CLIENT on the clock', async () => {
    const issued = await issue(kiosk, { commandType: 'SET_VOLUME', payload: JSON.stringify({ volume: 40 }) });
    expect(issued.status).toBe(200);
    expect(issued.body.commandId).toMatch(/^\d+$/);
    const seen: string[] = [];
    for (let step = 0; step < 200; step++) {
      const { body } = await commandOf(kiosk, issued.body.commandId);
      deviceCommandSchema.parse(body);
      if (seen.at(-1) !== body.state) seen.push(body.state);
      if (body.state === 'EXECUTED_BY_CLIENT') {
        expect(body.commandResult).toMatchObject({ result: expect.stringMatching(/SUCCESS|FAILURE/) });
        expect(body.payload).toBe('{"volume":40}');
        break;
      }
      state.clock.advance(500);
    }
    expect(seen).toEqual(['PENDING', 'SENT_TO_CLIENT', 'ACKED_BY_CLIENT', 'EXECUTED_BY_CLIENT']);
  });

  it('rejects kiosk-only commands on other devices and bad payloads', async () => {
    for (const commandType of ['TAKE_A_SCREENSHOT', 'SET_VOLUME', 'CAPTURE_LOGS']) {
      const { status, body } = await issue(laptop, { commandType, payload: JSON.stringify({ volume: 10 }) });
      expect(status, commandType).toBe(400);
      expect(body.error.status).toBe('INVALID_ARGUMENT');
    }
    expect((await issue(kiosk, { commandType: 'SET_VOLUME', payload: '{"volume":101}' })).status).toBe(400);
    expect((await issue(kiosk, { commandType: 'SET_VOLUME' })).status).toBe(400);
    expect((await issue(kiosk, { commandType: 'COMMAND_TYPE_UNSPECIFIED' })).status).toBe(400);
    expect((await issue(laptop, { commandType: 'WIPE_USERS' })).status).toBe(200);
  });

  it('expires commands a device never picks up', async () => {
    const ghost = rowsWhere(t, (i) => d.statusOf(i) === 'ACTIVE' && !isLive(state.fleet, i))[0]!;
    const issued = await issue(ghost, { commandType: 'WIPE_USERS' });
    expect((await commandOf(ghost, issued.body.commandId)).body.state).toBe('PENDING');
    state.clock.advance(6 * 86_400_000);
    const { body } = await commandOf(ghost, issued.body.commandId);
    expect(body.state).toBe('EXPIRED');
    expect(body).not.toHaveProperty('commandResult');
  });

  it('applies side effects: WIPE_USERS clears recent users, a screenshot lands in screenshotFiles', async () => {
    const laptopUrl = `${DEVICES}/${d.deviceId[laptop]}`;
    expect((await t.get(laptopUrl)).body.recentUsers?.length).toBeGreaterThan(0);
    const wipe = await issue(laptop, { commandType: 'WIPE_USERS' });
    // Big steps while the device has not picked the command up (it may be offline until its next
    // check-in), small ones after, so the clock stops right after execution.
    for (let step = 0; step < 2_000; step++) {
      const { state: commandState } = (await commandOf(laptop, wipe.body.commandId)).body;
      if (commandState === 'EXECUTED_BY_CLIENT') break;
      state.clock.advance(commandState === 'PENDING' ? 60_000 : 250);
    }
    const wiped = await commandOf(laptop, wipe.body.commandId);
    expect(wiped.body.state).toBe('EXECUTED_BY_CLIENT');
    if (wiped.body.commandResult.result === 'SUCCESS')
      expect((await t.get(laptopUrl)).body).not.toHaveProperty('recentUsers');
    const shot = await issue(kiosk, { commandType: 'TAKE_A_SCREENSHOT' });
    state.clock.advance(2 * 86_400_000);
    const shotState = await commandOf(kiosk, shot.body.commandId);
    expect(shotState.body.state).toBe('EXECUTED_BY_CLIENT');
    if (shotState.body.commandResult.result === 'SUCCESS') {
      const device = await t.get(`${DEVICES}/${d.deviceId[kiosk]}`);
      expect(device.body.screenshotFiles.at(-1)).toMatchObject({ type: 'SCREENSHOT_FILE' });
    }
    expect((await t.get(`${laptopUrl}/commands/999`)).status).toBe(404);
  });
});
