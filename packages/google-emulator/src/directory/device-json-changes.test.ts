/* eslint-disable @typescript-eslint/no-unsafe-argument -- response bodies are untyped JSON (`Body`) */
import { describe, expect, it } from 'vitest';
import { checkinIndex, isLive, lastSyncAt } from '../state/device-life.ts';
import { EmulatorState } from '../state/emulator-state.ts';
import { type Body, DEVICES, startTestEmulator, TEST_NOW } from '../testing/emulator-harness.ts';

const SYNC_FIELDS =
  'nextPageToken,chromeosdevices(kind,etag,deviceId,lastSync,annotatedLocation,osUpdateStatus)';

describe('device JSON after changes', () => {
  const t = startTestEmulator({ accessTokenTtlSeconds: 7 * 86_400 });

  async function listed(deviceId: string): Promise<Body> {
    const all = await t.listAll(`${DEVICES}?projection=FULL&prettyPrint=false&fields=${SYNC_FIELDS}`);
    return all.find((device: Body) => device.deviceId === deviceId);
  }

  it('shows a patched field and a new etag in the next listing and get', async () => {
    const before = (await t.listAll(`${DEVICES}?fields=${SYNC_FIELDS}`))[3];
    await t.send('PATCH', `${DEVICES}/${before.deviceId}`, { annotatedLocation: 'Room 101 "east"' });
    const after = await listed(before.deviceId);
    expect(after.annotatedLocation).toBe('Room 101 "east"');
    expect(after.etag).not.toBe(before.etag);
    const got = await t.get(`${DEVICES}/${before.deviceId}?fields=annotatedLocation&prettyPrint=false`);
    expect(got.body).toEqual({ annotatedLocation: 'Room 101 "east"' });
  });

  it('moves the last sync and the etag with the clock', async () => {
    const state = t.emu.state;
    const row = Array.from({ length: state.fleet.devices.count }, (_, i) => i).find((i) =>
      isLive(state.fleet, i),
    ) as number;
    const deviceId = state.fleet.devices.deviceId[row] as string;
    const before = await listed(deviceId);
    state.clock.advance(2 * 86_400_000);
    const after = await listed(deviceId);
    expect(Date.parse(after.lastSync)).toBeGreaterThan(Date.parse(before.lastSync));
    expect(after.etag).not.toBe(before.etag);
  });
});

describe('the last check-in of a device', () => {
  it('follows a change to its check-in columns at the same clock reading', () => {
    const state = new EmulatorState({ size: 200, seed: 3, now: TEST_NOW });
    const fleet = state.fleet;
    const d = fleet.devices;
    const i = Array.from({ length: d.count }, (_, k) => k).find((k) => isLive(fleet, k)) as number;
    const now = state.now();
    expect(checkinIndex(fleet, i, now)).toBeGreaterThanOrEqual(0);
    const live = lastSyncAt(fleet, i, now);
    // Stopped check-ins with an earlier frozen last sync (as deprovisioning does).
    d.liveFrom[i] = Number.NaN;
    d.syncBase[i] = live - 86_400_000;
    expect(checkinIndex(fleet, i, now)).toBe(-1);
    expect(lastSyncAt(fleet, i, now)).toBe(live - 86_400_000);
    d.syncBase[i] = live - 2 * 86_400_000;
    expect(lastSyncAt(fleet, i, now)).toBe(live - 2 * 86_400_000);
  });
});
