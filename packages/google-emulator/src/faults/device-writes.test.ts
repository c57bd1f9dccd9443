/* eslint-disable @typescript-eslint/no-unsafe-call -- response bodies are untyped JSON (`Body`); the assertions check their shape */
import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { DEVICES, startTestEmulator } from '../testing/emulator-harness.ts';
import { DeviceWrites, isDeviceWrite } from './device-writes.ts';

describe('the write quota of ChromeOS devices', () => {
  it('counts device writes only, a 50-id call once, and answers 429 with Retry-After over the limit', async () => {
    const t = startTestEmulator();
    const ids = (await t.get(`${DEVICES}?maxResults=60&projection=BASIC`)).body.chromeosdevices.map(
      (device: { deviceId: string }) => device.deviceId,
    ) as string[];
    expect((await t.send('POST', '/__emulator/write-quota', { writesPerMinute: 2 })).status).toBe(200);
    const move = (deviceIds: string[]) =>
      t.send('POST', `${DEVICES}/moveDevicesToOu?orgUnitPath=%2F`, { deviceIds });
    expect((await move(ids.slice(0, 50))).status).toBe(204);
    expect((await t.send('PATCH', `${DEVICES}/${ids[50]}`, { notes: 'x' })).status).toBe(200);
    // Reads are not writes.
    expect((await t.get(`${DEVICES}/${ids[51]}`)).status).toBe(200);
    const limited = await move([ids[52] as string]);
    expect(limited.status).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThanOrEqual(59);
    expect(limited.body.error.message).toMatch(/Write requests for Chrome Devices/);
    const writes = (await t.get('/__emulator/writes')).body;
    expect(writes).toMatchObject({ calls: 2, throttled: 1, maxInWindow: 2 });
    expect(writes.quota).toMatchObject({ writesPerMinute: 2, usedInWindow: 2 });
    // The journal names each device Google changed, once per accepted write.
    expect(writes.byDevice[ids[0] as string]).toBe(1);
    expect(writes.byDevice[ids[50] as string]).toBe(1);
    expect(writes.byDevice[ids[52] as string]).toBeUndefined();
  });

  it('frees its window as the wall clock moves, and resets with the emulator', async () => {
    const t = startTestEmulator();
    const [id] = (await t.get(`${DEVICES}?maxResults=1`)).body.chromeosdevices.map(
      (device: { deviceId: string }) => device.deviceId,
    ) as string[];
    await t.send('POST', '/__emulator/write-quota', { writesPerMinute: 1, windowMs: 300 });
    expect((await t.send('PATCH', `${DEVICES}/${id}`, { notes: 'a' })).status).toBe(200);
    expect((await t.send('PATCH', `${DEVICES}/${id}`, { notes: 'b' })).status).toBe(429);
    await sleep(320);
    expect((await t.send('PATCH', `${DEVICES}/${id}`, { notes: 'c' })).status).toBe(200);
    expect((await t.get('/__emulator/writes')).body.byDevice[id as string]).toBe(2);
    await t.send('POST', '/__emulator/reset');
    expect((await t.get('/__emulator/writes')).body).toMatchObject({ quota: null, calls: 0, byDevice: {} });
    expect((await t.send('POST', '/__emulator/write-quota', { writesPerMinute: -1 })).status).toBe(400);
  });

  it('tells device writes from reads and other paths, and measures the busiest window', () => {
    expect(isDeviceWrite('POST', '/admin/directory/v1/customer/C01/devices/chromeos/moveDevicesToOu')).toBe(
      true,
    );
    expect(isDeviceWrite('POST', '/admin/directory/v1/customer/C01/devices/chromeos:batchChangeStatus')).toBe(
      true,
    );
    expect(isDeviceWrite('PATCH', '/admin/directory/v1/customer/C01/devices/chromeos/abc')).toBe(true);
    expect(isDeviceWrite('GET', '/admin/directory/v1/customer/C01/devices/chromeos/abc')).toBe(false);
    expect(isDeviceWrite('POST', '/admin/directory/v1/customer/C01/orgunits')).toBe(false);
    const writes = new DeviceWrites();
    writes.setQuota(0, 1000);
    for (const at of [0, 100, 900, 1000, 1500, 1999, 2100]) expect(writes.decide(at)).toBeUndefined();
    // 900, 1000, 1500 lie within one window of 1,000 ms (so do 1000, 1500, 1999).
    expect(writes.describe(2100).maxInWindow).toBe(3);
  });
});
