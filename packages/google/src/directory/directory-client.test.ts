import { describe, expect, it } from 'vitest';
import { ZodError } from 'zod';
import {
  apiaryError,
  bodyOf,
  createFakeFetch,
  createTestClient,
  emptyOk,
  json,
} from '../../test/fake-fetch.ts';
import { GOOGLE_SAMPLE_DEVICE, fullDevice } from '../../test/device-fixtures.ts';
import { GoogleNotFoundError, GoogleUnavailableError } from '../errors.ts';
import { int64ToNumber } from '../wire-types.ts';

const BASE = '/admin/directory/v1/customer/my_customer';

describe('DirectoryClient chromeosdevices', () => {
  it('lists one page with every query parameter on the wire', async () => {
    const fake = createFakeFetch(
      json(200, {
        kind: 'admin#directory#chromeosdevices',
        chromeosdevices: [GOOGLE_SAMPLE_DEVICE],
        nextPageToken: 'p2',
      }),
    );
    const { client } = createTestClient(fake);
    const page = await client.directory.listChromeOsDevices({
      maxResults: 300,
      orgUnitPath: '/Schools',
      includeChildOrgunits: true,
      query: 'status:provisioned sync:..2026-01-01',
      orderBy: 'serialNumber',
      sortOrder: 'DESCENDING',
      projection: 'FULL',
      pageToken: 'p1',
    });
    const sent = fake.requests[0];
    expect(sent?.url.origin).toBe('https://dir.test');
    expect(sent?.url.pathname).toBe(`${BASE}/devices/chromeos`);
    expect(Object.fromEntries(sent?.url.searchParams ?? [])).toEqual({
      maxResults: '300',
      orgUnitPath: '/Schools',
      includeChildOrgunits: 'true',
      query: 'status:provisioned sync:..2026-01-01',
      orderBy: 'serialNumber',
      sortOrder: 'DESCENDING',
      projection: 'FULL',
      pageToken: 'p1',
      prettyPrint: 'false',
    });
    expect(page.nextPageToken).toBe('p2');
    const device = page.chromeosdevices?.[0];
    expect(device?.deviceId).toBe(GOOGLE_SAMPLE_DEVICE.deviceId);
    expect(device?.systemRamTotal).toBe('16695300096');
    expect(int64ToNumber(device?.autoUpdateExpiration ?? '')).toBe(1719730800000);
    expect(device?.tpmVersionInfo?.family).toBe('322e3000');
  });

  it('parses a FULL device, keeps int64 strings, accepts new enum values and drops unknown fields', async () => {
    const raw = { ...fullDevice(7), status: 'SOME_NEW_STATUS' };
    const { client } = createTestClient(createFakeFetch(json(200, raw)));
    const device = await client.directory.getChromeOsDevice('device-000007');
    expect(device.status).toBe('SOME_NEW_STATUS');
    expect(device.diskSpaceUsage).toEqual({ capacityBytes: '68719476736', usedBytes: '21474836480' });
    expect(device.cpuStatusReports).toHaveLength(10);
    expect(device.cpuInfo?.[0]?.logicalCpus?.[0]?.idleDuration).toBe('3600.5s');
    expect(device.osUpdateStatus?.state).toBe('updateStateNotStarted');
    expect('someFieldGoogleAddsLater' in device).toBe(false);
  });

  it('rejects out-of-range page sizes before calling Google', async () => {
    const fake = createFakeFetch(json(200, {}));
    const { client } = createTestClient(fake);
    await expect(client.directory.listChromeOsDevices({ maxResults: 301 })).rejects.toBeInstanceOf(ZodError);
    await expect(client.directory.listChromeOsDevices({ includeChildOrgunits: true })).rejects.toBeInstanceOf(
      ZodError,
    );
    expect(fake.calls).not.toHaveBeenCalled();
  });

  it('iterates pages and devices, tolerating a page without the list key', async () => {
    const fake = createFakeFetch(
      json(200, { chromeosdevices: [fullDevice(1), fullDevice(2)], nextPageToken: 'a' }),
      json(200, { nextPageToken: 'b' }),
      json(200, { chromeosdevices: [fullDevice(3)] }),
    );
    const { client } = createTestClient(fake);
    const tokens: (string | undefined)[] = [];
    for await (const page of client.directory.iterateChromeOsDevicePages({
      maxResults: 2,
      projection: 'FULL',
    })) {
      tokens.push(page.nextPageToken);
    }
    expect(tokens).toEqual(['a', 'b', undefined]);
    expect(fake.requests.map((r) => r.url.searchParams.get('pageToken'))).toEqual([null, 'a', 'b']);
    expect(fake.requests.every((r) => r.url.searchParams.get('projection') === 'FULL')).toBe(true);

    const again = createTestClient(
      createFakeFetch(
        json(200, { chromeosdevices: [fullDevice(1)], nextPageToken: 'a' }),
        json(200, { chromeosdevices: [fullDevice(2)] }),
      ),
    );
    const ids: string[] = [];
    for await (const device of again.client.directory.iterateChromeOsDevices()) ids.push(device.deviceId);
    expect(ids).toEqual(['device-000001', 'device-000002']);
  });

  it('gets a device with a projection and escapes the id', async () => {
    const fake = createFakeFetch(json(200, GOOGLE_SAMPLE_DEVICE));
    const { client } = createTestClient(fake);
    await client.directory.getChromeOsDevice('abc_-1', { projection: 'BASIC' });
    expect(fake.requests[0]?.url.pathname).toBe(`${BASE}/devices/chromeos/abc_-1`);
    expect(fake.requests[0]?.url.searchParams.get('projection')).toBe('BASIC');
    expect(fake.requests[0]?.url.searchParams.has('fields')).toBe(false);
    await expect(client.directory.getChromeOsDevice('')).rejects.toBeInstanceOf(ZodError);
  });

  it('gets only the selected fields when asked to', async () => {
    const fake = createFakeFetch(json(200, { deviceId: 'abc', etag: '"e"' }));
    const { client } = createTestClient(fake);
    const device = await client.directory.getChromeOsDevice('abc', {
      projection: 'FULL',
      fields: 'deviceId,etag',
    });
    expect(fake.requests[0]?.url.searchParams.get('fields')).toBe('deviceId,etag');
    expect(device).toEqual({ deviceId: 'abc', etag: '"e"' });
    await expect(
      client.directory.getChromeOsDevice('abc', { fields: 'x'.repeat(4001) }),
    ).rejects.toBeInstanceOf(ZodError);
  });

  it('maps a missing device to GoogleNotFoundError', async () => {
    const { client } = createTestClient(
      createFakeFetch(apiaryError(404, 'notFound', 'Resource Not Found: deviceId')),
    );
    await expect(client.directory.getChromeOsDevice('nope')).rejects.toBeInstanceOf(GoogleNotFoundError);
  });

  it('patches and updates only writable fields, enforcing Google limits', async () => {
    const fake = createFakeFetch(json(200, { ...GOOGLE_SAMPLE_DEVICE, notes: 'n' }));
    const { client } = createTestClient(fake);
    const patched = await client.directory.patchChromeOsDevice('d1', {
      notes: 'n',
      annotatedLocation: 'Room 4',
    });
    expect(patched.notes).toBe('n');
    expect(fake.requests[0]?.method).toBe('PATCH');
    expect(fake.requests[0]?.url.pathname).toBe(`${BASE}/devices/chromeos/d1`);
    expect(bodyOf(fake.requests[0])).toEqual({ notes: 'n', annotatedLocation: 'Room 4' });

    await client.directory.updateChromeOsDevice(
      'd1',
      { annotatedUser: 'u', orgUnitPath: '/A', orgUnitId: 'id:1' },
      { projection: 'BASIC' },
    );
    expect(fake.requests[1]?.method).toBe('PUT');
    expect(fake.requests[1]?.url.searchParams.get('projection')).toBe('BASIC');
    expect(bodyOf(fake.requests[1])).toEqual({ annotatedUser: 'u', orgUnitPath: '/A', orgUnitId: 'id:1' });

    await expect(
      client.directory.patchChromeOsDevice('d1', { annotatedUser: 'x'.repeat(101) }),
    ).rejects.toBeInstanceOf(ZodError);
    await expect(
      client.directory.patchChromeOsDevice('d1', { notes: 'x'.repeat(501) }),
    ).rejects.toBeInstanceOf(ZodError);
    expect(fake.calls).toHaveBeenCalledTimes(2);
  });
});

describe('DirectoryClient orgunits and customers', () => {
  it('lists OUs and tolerates an empty answer', async () => {
    const ou = {
      kind: 'admin#directory#orgUnit',
      orgUnitId: 'id:03ph8a2z1',
      orgUnitPath: '/Schools',
      name: 'Schools',
      parentOrgUnitId: 'id:root',
    };
    const fake = createFakeFetch(
      json(200, { kind: 'admin#directory#orgUnits', organizationUnits: [ou] }),
      json(200, { kind: 'admin#directory#orgUnits' }),
    );
    const { client } = createTestClient(fake);
    expect(await client.directory.listOrgUnits({ type: 'all' })).toEqual([ou]);
    expect(fake.requests[0]?.url.pathname).toBe(`${BASE}/orgunits`);
    expect(fake.requests[0]?.url.searchParams.get('type')).toBe('all');
    expect(await client.directory.listOrgUnits({ orgUnitPath: '/Empty' })).toEqual([]);
    expect(fake.requests[1]?.url.searchParams.get('orgUnitPath')).toBe('/Empty');
  });

  it('gets an OU by path or id with reserved expansion', async () => {
    const fake = createFakeFetch(json(200, { orgUnitId: 'id:1', orgUnitPath: '/A b/C' }));
    const { client } = createTestClient(fake);
    await client.directory.getOrgUnit('/A b/C');
    await client.directory.getOrgUnit('id:03ph8a2z1');
    expect(fake.requests[0]?.url.pathname).toBe(`${BASE}/orgunits/A%20b/C`);
    expect(fake.requests[1]?.url.pathname).toBe(`${BASE}/orgunits/id:03ph8a2z1`);
  });

  it('gets the customer', async () => {
    const fake = createFakeFetch(
      json(200, {
        kind: 'admin#directory#customer',
        id: 'C03puekhd',
        customerDomain: 'example.edu',
        customerCreationTime: '2015-01-01T00:00:00.000Z',
      }),
    );
    const { client } = createTestClient(fake);
    const customer = await client.directory.getCustomer();
    expect(customer.id).toBe('C03puekhd');
    expect(fake.requests[0]?.url.pathname).toBe('/admin/directory/v1/customers/my_customer');
  });
});

describe('DirectoryClient commands', () => {
  it('issues a command with its payload JSON-encoded into a string', async () => {
    const fake = createFakeFetch(json(200, { commandId: '123456789012345' }));
    const { client } = createTestClient(fake);
    const response = await client.directory.issueCommand('d1', {
      commandType: 'SET_VOLUME',
      payload: { volume: 40 },
    });
    expect(response.commandId).toBe('123456789012345');
    expect(fake.requests[0]?.method).toBe('POST');
    expect(fake.requests[0]?.url.pathname).toBe(`${BASE}/devices/chromeos/d1:issueCommand`);
    expect(bodyOf(fake.requests[0])).toEqual({ commandType: 'SET_VOLUME', payload: '{"volume":40}' });

    await client.directory.issueCommand('d1', { commandType: 'WIPE_USERS' });
    expect(bodyOf(fake.requests[1])).toEqual({ commandType: 'WIPE_USERS' });
  });

  it('refuses a wrong payload before sending', async () => {
    const fake = createFakeFetch(json(200, { commandId: '1' }));
    const { client } = createTestClient(fake);
    await expect(
      client.directory.issueCommand('d1', { commandType: 'SET_VOLUME', payload: { volume: 101 } }),
    ).rejects.toBeInstanceOf(ZodError);
    expect(fake.calls).not.toHaveBeenCalled();
  });

  it('never repeats a command after an ambiguous failure, but does after a rate limit', async () => {
    const outage = createFakeFetch(
      apiaryError(503, 'backendError', 'Backend Error'),
      json(200, { commandId: '1' }),
    );
    await expect(
      createTestClient(outage).client.directory.issueCommand('d1', { commandType: 'REBOOT' }),
    ).rejects.toBeInstanceOf(GoogleUnavailableError);
    expect(outage.calls).toHaveBeenCalledTimes(1);

    const limited = createFakeFetch(
      apiaryError(429, 'rateLimitExceeded', 'Rate Limit Exceeded'),
      json(200, { commandId: '2' }),
    );
    expect(
      await createTestClient(limited).client.directory.issueCommand('d1', { commandType: 'REBOOT' }),
    ).toEqual({ commandId: '2' });
  });

  it('gets a command with its result', async () => {
    const command = {
      commandId: '42',
      type: 'REBOOT',
      issueTime: '2026-01-01T00:00:00Z',
      state: 'EXECUTED_BY_CLIENT',
      commandResult: { result: 'SUCCESS', executeTime: '2026-01-01T00:01:00Z' },
    };
    const fake = createFakeFetch(json(200, command));
    const { client } = createTestClient(fake);
    expect(await client.directory.getCommand('d1', '42')).toEqual(command);
    expect(fake.requests[0]?.url.pathname).toBe(`${BASE}/devices/chromeos/d1/commands/42`);
    await expect(client.directory.getCommand('d1', '../x')).rejects.toBeInstanceOf(ZodError);
  });
});

describe('DirectoryClient bulk writes', () => {
  const ids = (n: number) => Array.from({ length: n }, (_, i) => `dev-${i}`);

  it('moves devices in chunks of at most 50, deduplicated', async () => {
    const fake = createFakeFetch(emptyOk);
    const { client } = createTestClient(fake);
    const result = await client.directory.moveDevicesToOu([...ids(120), 'dev-0'], '/Schools/North');
    expect(fake.requests.map((r) => (bodyOf(r) as { deviceIds: string[] }).deviceIds.length)).toEqual([
      50, 50, 20,
    ]);
    expect(fake.requests[0]?.url.pathname).toBe(`${BASE}/devices/chromeos/moveDevicesToOu`);
    expect(fake.requests[0]?.url.searchParams.get('orgUnitPath')).toBe('/Schools/North');
    expect(result.results).toHaveLength(120);
    expect(result.results.every((r) => r.status === 'succeeded')).toBe(true);
    expect(result.stoppedBy).toBeUndefined();
  });

  it('honours a smaller chunk size and refuses one above 50', async () => {
    const fake = createFakeFetch(emptyOk);
    const { client } = createTestClient(fake);
    await client.directory.moveDevicesToOu(ids(25), '/X', { chunkSize: 10 });
    expect(fake.calls).toHaveBeenCalledTimes(3);
    await expect(client.directory.moveDevicesToOu(ids(5), '/X', { chunkSize: 51 })).rejects.toBeInstanceOf(
      RangeError,
    );
  });

  it('changes status in chunks and merges per-device results', async () => {
    const fake = createFakeFetch(async (request) => {
      const { deviceIds } = bodyOf(request) as { deviceIds: string[] };
      return Response.json({
        changeChromeOsDeviceStatusResults: deviceIds.map((deviceId) =>
          deviceId === 'dev-60'
            ? { deviceId, error: { code: 9, message: 'Device is not disabled' } }
            : { deviceId, response: {} },
        ),
      });
    });
    const { client } = createTestClient(fake);
    const result = await client.directory.batchChangeStatus({
      deviceIds: ids(75),
      action: 'CHANGE_CHROME_OS_DEVICE_STATUS_ACTION_REENABLE',
    });
    expect(fake.requests.map((r) => (bodyOf(r) as { deviceIds: string[] }).deviceIds.length)).toEqual([
      50, 25,
    ]);
    expect(fake.requests[0]?.url.pathname).toBe(`${BASE}/devices/chromeos:batchChangeStatus`);
    expect(bodyOf(fake.requests[0])).toMatchObject({
      changeChromeOsDeviceStatusAction: 'CHANGE_CHROME_OS_DEVICE_STATUS_ACTION_REENABLE',
    });
    expect(result.results).toHaveLength(75);
    expect(result.results.filter((r) => r.status === 'succeeded')).toHaveLength(74);
    expect(result.results[60]).toEqual({
      deviceId: 'dev-60',
      status: 'failed',
      message: 'Device is not disabled',
      rpcCode: 9,
    });
  });

  it('requires a deprovision reason exactly when deprovisioning', async () => {
    const fake = createFakeFetch(
      json(200, { changeChromeOsDeviceStatusResults: [{ deviceId: 'a', response: {} }] }),
    );
    const { client } = createTestClient(fake);
    await expect(
      client.directory.batchChangeStatus({
        deviceIds: ['a'],
        action: 'CHANGE_CHROME_OS_DEVICE_STATUS_ACTION_DEPROVISION',
      }),
    ).rejects.toBeInstanceOf(ZodError);
    await expect(
      client.directory.batchChangeStatus({
        deviceIds: ['a'],
        action: 'CHANGE_CHROME_OS_DEVICE_STATUS_ACTION_DISABLE',
        deprovisionReason: 'DEPROVISION_REASON_RETIRING_DEVICE',
      }),
    ).rejects.toBeInstanceOf(ZodError);
    expect(fake.calls).not.toHaveBeenCalled();
    await client.directory.batchChangeStatus({
      deviceIds: ['a'],
      action: 'CHANGE_CHROME_OS_DEVICE_STATUS_ACTION_DEPROVISION',
      deprovisionReason: 'DEPROVISION_REASON_RETIRING_DEVICE',
    });
    expect(bodyOf(fake.requests[0])).toEqual({
      deviceIds: ['a'],
      changeChromeOsDeviceStatusAction: 'CHANGE_CHROME_OS_DEVICE_STATUS_ACTION_DEPROVISION',
      deprovisionReason: 'DEPROVISION_REASON_RETIRING_DEVICE',
    });
  });

  it('marks a device Google did not answer for as unknown', async () => {
    const fake = createFakeFetch(
      json(200, { changeChromeOsDeviceStatusResults: [{ deviceId: 'a', response: {} }] }),
    );
    const { client } = createTestClient(fake);
    const result = await client.directory.batchChangeStatus({
      deviceIds: ['a', 'b'],
      action: 'CHANGE_CHROME_OS_DEVICE_STATUS_ACTION_DISABLE',
    });
    expect(result.results.map((r) => r.status)).toEqual(['succeeded', 'unknown']);
  });

  it('keeps going after a chunk-specific 400 but stops after an outage, marking the rest skipped', async () => {
    const badChunk = createFakeFetch(apiaryError(400, 'invalid', 'Invalid Input'), emptyOk);
    const afterBad = await createTestClient(badChunk).client.directory.moveDevicesToOu(ids(60), '/X');
    expect(afterBad.results.slice(0, 50).every((r) => r.status === 'failed')).toBe(true);
    expect(afterBad.results.slice(50).every((r) => r.status === 'succeeded')).toBe(true);
    expect(afterBad.stoppedBy).toBeUndefined();

    const outage = createFakeFetch(emptyOk, apiaryError(503, 'backendError', 'Backend Error'));
    const { client } = createTestClient(outage, { retry: { maxAttempts: 2 } });
    const result = await client.directory.moveDevicesToOu(ids(160), '/X');
    expect(outage.calls).toHaveBeenCalledTimes(3);
    const counts = result.results.reduce<Record<string, number>>(
      (acc, r) => ({ ...acc, [r.status]: (acc[r.status] ?? 0) + 1 }),
      {},
    );
    expect(counts).toEqual({ succeeded: 50, unknown: 50, skipped: 60 });
    expect(result.stoppedBy).toBeInstanceOf(GoogleUnavailableError);
  });

  it('validates every id before sending any chunk', async () => {
    const fake = createFakeFetch(emptyOk);
    const { client } = createTestClient(fake);
    await expect(client.directory.moveDevicesToOu([...ids(70), ''], '/X')).rejects.toBeInstanceOf(ZodError);
    await expect(client.directory.moveDevicesToOu([], '/X')).rejects.toBeInstanceOf(ZodError);
    expect(fake.calls).not.toHaveBeenCalled();
  });
});
