/* eslint-disable @typescript-eslint/no-unsafe-call, @typescript-eslint/restrict-plus-operands -- response bodies are untyped JSON (`Body`); the assertions check their shape */
import { describe, expect, it } from 'vitest';
import { DEVICES, startTestEmulator } from '../testing/emulator-harness.ts';

const TELEMETRY = '/v1/customers/my_customer/telemetry/devices?readMask=deviceId';
const POLICY_SCHEMAS = '/v1/customers/my_customer/policySchemas';

describe('fault injection', () => {
  it('fails the next N calls with the chosen status in the API style, then recovers', async () => {
    const t = startTestEmulator();
    expect(
      (await t.send('POST', '/__emulator/faults', { status: 503, count: 2, api: 'directory' })).status,
    ).toBe(200);
    const first = await t.get(DEVICES);
    expect(first.status).toBe(503);
    expect(first.body.error).toMatchObject({
      code: 503,
      status: 'UNAVAILABLE',
      errors: [{ reason: 'backendError', domain: 'global' }],
    });
    expect((await t.get(TELEMETRY)).status).toBe(200);
    expect((await t.get(DEVICES)).status).toBe(503);
    expect((await t.get(DEVICES)).status).toBe(200);

    await t.send('POST', '/__emulator/faults', { status: 500, count: 1, api: 'management' });
    const management = await t.get(TELEMETRY);
    expect(management.status).toBe(500);
    expect(management.body.error).toEqual({
      code: 500,
      message: 'Internal error encountered.',
      status: 'INTERNAL',
    });
  });

  it('covers the Chrome Policy routes and never the control API', async () => {
    const t = startTestEmulator();
    await t.send('POST', '/__emulator/faults', { status: 429, count: 3 });
    expect((await t.get('/__emulator')).status).toBe(200);
    const policy = await t.get(POLICY_SCHEMAS);
    expect(policy.status).toBe(429);
    expect(policy.body.error.status).toBe('RESOURCE_EXHAUSTED');
    expect(policy.body.error.details[0].metadata.service).toBe('chromepolicy.googleapis.com');
    expect(
      (
        await t.send('POST', '/v1/customers/my_customer/policies:resolve', {
          policySchemaFilter: 'chrome.devices.*',
        })
      ).status,
    ).toBe(429);
    expect((await t.get(DEVICES)).status).toBe(429);
    expect((await t.get(POLICY_SCHEMAS)).status).toBe(200);
  });

  it('narrows a fault to calls whose path contains the given text', async () => {
    const t = startTestEmulator();
    await t.send('POST', '/__emulator/faults', {
      status: 403,
      reason: 'forbidden',
      api: 'policy',
      path: ':batchModify',
      count: 1,
    });
    expect((await t.get(POLICY_SCHEMAS)).status).toBe(200);
    const write = await t.send('POST', '/v1/customers/my_customer/policies/orgunits:batchModify', {
      requests: [],
    });
    expect(write.status).toBe(403);
    expect((await t.get(POLICY_SCHEMAS)).status).toBe(200);
  });

  it('fails a share of calls at a rate, repeatably for the same seed', async () => {
    const run = async () => {
      const t = startTestEmulator();
      await t.send('POST', '/__emulator/faults', { status: 500, rate: 0.3, api: 'directory' });
      const statuses: number[] = [];
      for (let k = 0; k < 40; k++)
        statuses.push((await t.get(`${DEVICES}?maxResults=1&projection=BASIC`)).status);
      return statuses;
    };
    const first = await run();
    const failures = first.filter((s) => s === 500).length;
    expect(failures).toBeGreaterThan(3);
    expect(failures).toBeLessThan(25);
    expect(await run()).toEqual(first);
  });

  it('enforces a per-minute quota with 429 rateLimitExceeded and Retry-After', async () => {
    const t = startTestEmulator();
    await t.send('POST', '/__emulator/quota', { requestsPerMinute: 3, api: 'directory' });
    for (let k = 0; k < 3; k++) expect((await t.get(`${DEVICES}?maxResults=1`)).status).toBe(200);
    const limited = await t.get(`${DEVICES}?maxResults=1`);
    expect(limited.status).toBe(429);
    expect(limited.headers['retry-after']).toBe('60');
    expect(limited.body.error).toMatchObject({
      code: 429,
      status: 'RESOURCE_EXHAUSTED',
      errors: [{ reason: 'rateLimitExceeded', domain: 'usageLimits' }],
      details: [{ '@type': 'type.googleapis.com/google.rpc.ErrorInfo', reason: 'RATE_LIMIT_EXCEEDED' }],
    });
    expect(limited.body.error.message).toMatch(/^Quota exceeded for quota metric/);
    expect((await t.get(TELEMETRY)).status).toBe(200);
    t.emu.state.clock.advance(30_000);
    expect((await t.get(`${DEVICES}?maxResults=1`)).headers['retry-after']).toBe('30');
    t.emu.state.clock.advance(30_001);
    expect((await t.get(`${DEVICES}?maxResults=1`)).status).toBe(200);
    const counters = (await t.get('/__emulator/counters')).body;
    expect(counters.apis.directory.throttled).toBe(2);
  });

  it('adds latency per API', async () => {
    const t = startTestEmulator();
    const timed = async (path: string) => {
      const started = performance.now();
      await t.get(path);
      return performance.now() - started;
    };
    await timed(TELEMETRY); // warm up
    await t.send('POST', '/__emulator/latency', { ms: 400, api: 'management' });
    expect(await timed(TELEMETRY)).toBeGreaterThanOrEqual(390);
    expect(await timed('/__emulator/clock')).toBeLessThan(300);
    expect(await timed(`${DEVICES}?maxResults=1`)).toBeLessThan(300);
    await t.send('POST', '/__emulator/latency', { ms: 0, api: 'management' });
    expect(await timed(TELEMETRY)).toBeLessThan(300);
  });

  it('counts requests per API and validates control bodies', async () => {
    const t = startTestEmulator();
    await t.get(DEVICES);
    await t.get(DEVICES);
    await t.get(TELEMETRY);
    const counters = (await t.get('/__emulator/counters')).body;
    expect(counters.apis.directory).toMatchObject({ requests: 2, byStatus: { 200: 2 } });
    expect(counters.apis.management.requests).toBe(1);
    expect((await t.send('POST', '/__emulator/faults', { status: 418, count: 1 })).status).toBe(400);
    expect((await t.send('POST', '/__emulator/faults', { status: 500 })).status).toBe(400);
  });
});

describe('control API', () => {
  it('advances the clock, reseeds and resets the fleet', async () => {
    const t = startTestEmulator({ accessTokenTtlSeconds: 86_400 });
    const before = (await t.get('/__emulator/clock')).body.epochMs;
    const advanced = await t.send('POST', '/__emulator/clock/advance', { ms: 90_000 });
    expect(advanced.body.epochMs).toBe(before + 90_000);
    const original = (await t.get(`${DEVICES}?maxResults=5&projection=BASIC`)).body.chromeosdevices.map(
      (d: { deviceId: string }) => d.deviceId,
    );
    const reseeded = await t.send('POST', '/__emulator/reseed', { size: 200, seed: 'another district' });
    expect(reseeded.body).toMatchObject({ ok: true, size: 200 });
    expect((await t.listAll(`${DEVICES}?projection=BASIC`)).length).toBe(200);
    expect((await t.get('/admin/directory/v1/customers/my_customer')).status).toBe(200);
    await t.send('POST', '/__emulator/reset');
    const again = (await t.get(`${DEVICES}?maxResults=5&projection=BASIC`)).body.chromeosdevices.map(
      (d: { deviceId: string }) => d.deviceId,
    );
    expect(again).toEqual(original);
    expect((await t.send('POST', '/__emulator/reseed', { size: 99 })).status).toBe(400);
  });

  it('enrolls new devices after the existing ones, which stay as they were', async () => {
    const t = startTestEmulator({ accessTokenTtlSeconds: 86_400 });
    const before = await t.listAll(`${DEVICES}?projection=FULL`);
    const enrolled = await t.send('POST', '/__emulator/devices/enroll', { count: 3 });
    expect(enrolled.status).toBe(200);
    expect(enrolled.body).toMatchObject({ ok: true, size: before.length + 3 });
    const newIds = enrolled.body.deviceIds as string[];
    expect(newIds).toHaveLength(3);
    const after = await t.listAll(`${DEVICES}?projection=FULL`);
    expect(after).toHaveLength(before.length + 3);
    const byId = new Map(after.map((d: { deviceId: string }) => [d.deviceId, d]));
    for (const device of before as { deviceId: string }[]) expect(byId.get(device.deviceId)).toEqual(device);
    const serials = new Set<string>(after.map((d: { serialNumber: string }) => d.serialNumber));
    expect(serials.size).toBe(after.length);
    for (const id of newIds) {
      expect(byId.get(id)).toMatchObject({ deviceId: id, status: 'ACTIVE' });
      expect((await t.get(`${DEVICES}/${id}`)).status).toBe(200);
    }
    expect((await t.send('POST', '/__emulator/devices/enroll', { count: 0 })).status).toBe(400);
  });
});
