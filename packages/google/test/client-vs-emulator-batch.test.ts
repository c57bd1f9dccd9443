import { afterEach, describe, expect, it } from 'vitest';
import { GoogleNotFoundError, GoogleRateLimitError, GoogleUnavailableError } from '../src/errors.ts';
import type { BatchOutcome } from '../src/http/transport.ts';
import { useEmulator } from './emulator-fixture.ts';

/** HTTP batches of device reads against the emulator's `/batch` endpoint. */

const fixture = useEmulator();

const errorOf = (outcome: BatchOutcome<unknown> | undefined) =>
  outcome && !outcome.ok ? outcome.error : undefined;

afterEach(async () => {
  await fixture().control('faults', undefined, 'DELETE');
});

async function someDeviceIds(count: number): Promise<string[]> {
  const { google } = fixture().client();
  const page = await google.directory.listChromeOsDevices({
    maxResults: count,
    fields: 'chromeosdevices(deviceId)',
  });
  return (page.chromeosdevices ?? []).map((device) => device.deviceId);
}

describe('batchGetChromeOsDevices', () => {
  it('answers each device in the order asked, equal to its single read, in one HTTP request', async () => {
    const ids = await someDeviceIds(7);
    const { google, events } = fixture().client();
    const outcomes = await google.directory.batchGetChromeOsDevices([...ids].reverse(), {
      projection: 'FULL',
      fields: 'deviceId,serialNumber,annotatedLocation,orgUnitPath,etag',
    });
    expect(events.map((e) => [e.method, new URL(e.url).pathname, e.status])).toEqual([
      ['POST', '/batch', 200],
    ]);
    const singles = await Promise.all(
      [...ids].reverse().map((id) =>
        google.directory.getChromeOsDevice(id, {
          projection: 'FULL',
          fields: 'deviceId,serialNumber,annotatedLocation,orgUnitPath,etag',
        }),
      ),
    );
    expect(outcomes).toEqual(singles.map((value) => ({ ok: true, value })));
    expect(singles.map((device) => device.deviceId)).toEqual([...ids].reverse());
  });

  it('reports an unknown device as not found while the others succeed', async () => {
    const [first, second] = await someDeviceIds(2);
    const { google } = fixture().client();
    const outcomes = await google.directory.batchGetChromeOsDevices([
      first ?? '',
      'no-such-device',
      second ?? '',
    ]);
    expect(outcomes.map((o) => o.ok)).toEqual([true, false, true]);
    const missing = outcomes[1];
    expect(errorOf(missing)).toBeInstanceOf(GoogleNotFoundError);
    expect(outcomes[0]?.ok === true && outcomes[0].value.deviceId).toBe(first);
  });

  it('fails the parts Google throttles one by one, without retrying the batch', async () => {
    const ids = await someDeviceIds(5);
    const { control, client } = fixture();
    const { google, events } = client();
    await control('faults', { status: 429, api: 'directory', count: 2 });
    const outcomes = await google.directory.batchGetChromeOsDevices(ids);
    expect(events).toHaveLength(1);
    const failed = outcomes.filter((o) => !o.ok);
    expect(failed).toHaveLength(2);
    for (const outcome of failed) expect(errorOf(outcome)).toBeInstanceOf(GoogleRateLimitError);
    expect(outcomes.filter((o) => o.ok)).toHaveLength(3);
  });

  it('splits a long list into batches of the given size', async () => {
    const ids = await someDeviceIds(25);
    const { google, events } = fixture().client();
    const outcomes = await google.directory.batchGetChromeOsDevices(ids, { batchSize: 10 });
    expect(events).toHaveLength(3);
    expect(outcomes.map((o) => o.ok && o.value.deviceId)).toEqual(ids);
  });

  it('sends nothing for an empty list', async () => {
    const { google, events } = fixture().client();
    expect(await google.directory.batchGetChromeOsDevices([])).toEqual([]);
    expect(events).toHaveLength(0);
  });
});

describe('the emulator batch endpoint', () => {
  it('answers a request that is not multipart with a 400 that says so', async () => {
    const { origin, mintToken } = fixture();
    const response = await fetch(`${origin}/batch`, {
      method: 'POST',
      headers: { authorization: `Bearer ${mintToken()}`, 'content-type': 'application/json' },
      body: '{}',
    });
    expect(response.status).toBe(400);
    expect(await response.text()).toMatch(/multipart\/mixed/);
  });

  it('refuses more than 1,000 parts and nested batches', async () => {
    const { origin, mintToken } = fixture();
    const part = (path: string) =>
      `--b\r\nContent-Type: application/http\r\nContent-ID: <x>\r\n\r\nGET ${path}\r\n\r\n`;
    const send = (body: string) =>
      fetch(`${origin}/batch`, {
        method: 'POST',
        headers: { authorization: `Bearer ${mintToken()}`, 'content-type': 'multipart/mixed; boundary=b' },
        body,
      });
    const tooMany = await send(`${part('/admin/directory/v1/customer/my_customer').repeat(1001)}--b--\r\n`);
    expect(tooMany.status).toBe(400);
    expect(await tooMany.text()).toMatch(/more than 1000/);
    const nested = await send(`${part('/batch')}--b--\r\n`);
    expect(nested.status).toBe(400);
  });

  it('passes a part without authorization through as 401 while the batch answers 200', async () => {
    const { origin } = fixture();
    const body = `--b\r\nContent-Type: application/http\r\nContent-ID: <item1>\r\n\r\nGET /admin/directory/v1/customer/my_customer/devices/chromeos/x\r\n\r\n--b--\r\n`;
    const response = await fetch(`${origin}/batch`, {
      method: 'POST',
      headers: { 'content-type': 'multipart/mixed; boundary=b' },
      body,
    });
    expect(response.status).toBe(200);
    const text = await response.text();
    expect(text).toMatch(/Content-ID: <response-item1>/);
    expect(text).toMatch(/HTTP\/1\.1 401/);
  });

  it('keeps 503s of its parts apart from the batch', async () => {
    const ids = await someDeviceIds(3);
    const { control, client } = fixture();
    const { google } = client();
    await control('faults', { status: 503, api: 'directory', count: 1 });
    const outcomes = await google.directory.batchGetChromeOsDevices(ids);
    const failed = outcomes.filter((o) => !o.ok);
    expect(failed).toHaveLength(1);
    expect(errorOf(failed[0])).toBeInstanceOf(GoogleUnavailableError);
  });
});
