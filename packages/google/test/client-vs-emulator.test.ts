import { describe, expect, it } from 'vitest';
import { isTerminalCommandState } from '../src/directory/device-command.schema.ts';
import { GoogleInvalidInputError, GoogleNotFoundError, GooglePageTokenExpiredError } from '../src/errors.ts';
import { bareOrgUnitId, orgUnitTargetResource } from '../src/google-ids.ts';
import { policyAppId } from '../src/management/installed-apps.schema.ts';
import { int64ToNumber } from '../src/wire-types.ts';
import { collect, useEmulator } from './emulator-fixture.ts';

/** Every client method against the emulator: same paths, same JSON, same errors as Google. */

const fixture = useEmulator();

async function activeDeviceIds(count: number): Promise<string[]> {
  const { google } = fixture().client();
  const page = await google.directory.listChromeOsDevices({ maxResults: 300, query: 'status:provisioned' });
  const ids = (page.chromeosdevices ?? []).filter((d) => d.status === 'ACTIVE').map((d) => d.deviceId);
  if (ids.length < count) throw new Error(`only ${ids.length} active devices`);
  return ids.slice(0, count);
}

describe('Directory against the emulator', () => {
  it('lists the whole fleet page by page with FULL projection', async () => {
    const { google, events } = fixture().client();
    const pages = await collect(
      google.directory.iterateChromeOsDevicePages({ maxResults: 100, projection: 'FULL' }),
    );
    const devices = pages.flatMap((page) => page.items);
    expect(pages).toHaveLength(3);
    expect(pages.map((p) => p.pageToken === undefined)).toEqual([true, false, false]);
    expect(pages.at(-1)?.nextPageToken).toBeUndefined();
    expect(new Set(devices.map((d) => d.deviceId)).size).toBe(300);
    expect(events.every((e) => e.status === 200)).toBe(true);
    const withRam = devices.find((d) => d.systemRamTotal !== undefined);
    expect(int64ToNumber(withRam?.systemRamTotal ?? 'x')).toBeGreaterThan(1_000_000_000);
  });

  it('resumes from a stored page token and reports an expired one', async () => {
    const { google, control } = { ...fixture(), ...fixture().client() };
    const [first] = await collect(limit(google.directory.iterateChromeOsDevicePages({ maxResults: 100 }), 1));
    const stored = first?.nextPageToken;
    const rest = await collect(
      google.directory.iterateChromeOsDevices({ maxResults: 100, pageToken: stored }),
    );
    expect(rest).toHaveLength(200);
    expect(rest.some((d) => first?.items.some((f) => f.deviceId === d.deviceId))).toBe(false);

    await control('page-tokens/expire');
    const error = await collect(
      google.directory.iterateChromeOsDevices({ maxResults: 100, pageToken: stored }),
    ).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(GooglePageTokenExpiredError);
  });

  it('filters, sorts and projects like Google', async () => {
    const { google } = fixture().client();
    const sorted = await google.directory.listChromeOsDevices({
      maxResults: 50,
      orderBy: 'serialNumber',
      sortOrder: 'ASCENDING',
      projection: 'BASIC',
    });
    const serials = (sorted.chromeosdevices ?? []).map((d) => d.serialNumber ?? '');
    expect(serials).toEqual([...serials].sort());
    expect(sorted.chromeosdevices?.every((d) => d.cpuStatusReports === undefined)).toBe(true);
    const [ou] = (await google.directory.listOrgUnits({ type: 'all' })).filter((o) => o.orgUnitPath !== '/');
    const inOu = await collect(
      google.directory.iterateChromeOsDevices({ orgUnitPath: ou?.orgUnitPath, includeChildOrgunits: true }),
    );
    expect(inOu.length).toBeGreaterThan(0);
    expect(inOu.every((d) => d.orgUnitPath?.startsWith(ou?.orgUnitPath ?? '?'))).toBe(true);
  });

  it('gets, patches and updates a device, and reports a missing one', async () => {
    const { google } = fixture().client();
    const [deviceId = ''] = await activeDeviceIds(1);
    const patched = await google.directory.patchChromeOsDevice(deviceId, {
      notes: 'Loaned to library',
      annotatedLocation: 'Room 12',
    });
    expect(patched.notes).toBe('Loaned to library');
    const updated = await google.directory.updateChromeOsDevice(deviceId, {
      annotatedAssetId: 'ASSET-77',
      notes: 'Back',
    });
    expect(updated.annotatedAssetId).toBe('ASSET-77');
    const fetched = await google.directory.getChromeOsDevice(deviceId, { projection: 'FULL' });
    expect(fetched).toMatchObject({ deviceId, notes: 'Back', annotatedAssetId: 'ASSET-77' });
    await expect(google.directory.getChromeOsDevice('no-such-device')).rejects.toBeInstanceOf(
      GoogleNotFoundError,
    );
  });

  it('moves 60 devices in two calls and they land in the OU', async () => {
    const { google, events } = fixture().client();
    const ous = await google.directory.listOrgUnits({ type: 'all' });
    const target = ous.find((o) => o.orgUnitPath !== '/' && o.parentOrgUnitPath === '/');
    const ids =
      (await google.directory.listChromeOsDevices({ maxResults: 60 })).chromeosdevices?.map(
        (d) => d.deviceId,
      ) ?? [];
    const result = await google.directory.moveDevicesToOu(ids, target?.orgUnitPath ?? '/');
    expect(events.filter((e) => e.operation === 'directory.chromeosdevices.moveDevicesToOu')).toHaveLength(2);
    expect(result.results.map((r) => r.status)).toEqual(ids.map(() => 'succeeded'));
    const moved = await google.directory.getChromeOsDevice(ids[59] ?? '');
    expect(moved.orgUnitPath).toBe(target?.orgUnitPath);
  });

  it('disables and re-enables 55 devices in chunks with per-device results', async () => {
    const { google, events } = fixture().client();
    const ids = await activeDeviceIds(55);
    const disabled = await google.directory.batchChangeStatus({
      deviceIds: [...ids, 'missing-device'],
      action: 'CHANGE_CHROME_OS_DEVICE_STATUS_ACTION_DISABLE',
    });
    expect(events.filter((e) => e.operation === 'directory.chromeosdevices.batchChangeStatus')).toHaveLength(
      2,
    );
    expect(disabled.results.filter((r) => r.status === 'succeeded')).toHaveLength(55);
    expect(disabled.results.at(-1)).toMatchObject({
      deviceId: 'missing-device',
      status: 'failed',
      rpcCode: 5,
    });
    expect((await google.directory.getChromeOsDevice(ids[0] ?? '')).status).toBe('DISABLED');

    const again = await google.directory.batchChangeStatus({
      deviceIds: ids.slice(0, 1),
      action: 'CHANGE_CHROME_OS_DEVICE_STATUS_ACTION_DISABLE',
    });
    expect(again.results[0]?.status).toBe('failed');
    const reenabled = await google.directory.batchChangeStatus({
      deviceIds: ids,
      action: 'CHANGE_CHROME_OS_DEVICE_STATUS_ACTION_REENABLE',
    });
    expect(reenabled.results.every((r) => r.status === 'succeeded')).toBe(true);
  });

  it('issues a command and follows it to a terminal state', async () => {
    const { google, control } = { ...fixture(), ...fixture().client() };
    const [deviceId = ''] = await activeDeviceIds(1);
    const { commandId } = await google.directory.issueCommand(deviceId, {
      commandType: 'REBOOT',
      payload: { user_session_delay_seconds: 30 },
    });
    const issued = await google.directory.getCommand(deviceId, commandId);
    expect(issued).toMatchObject({ commandId, type: 'REBOOT', state: 'PENDING' });
    await control('clock/advance', { ms: 2 * 86_400_000 });
    const later = await google.directory.getCommand(deviceId, commandId);
    expect(isTerminalCommandState(later.state)).toBe(true);
  });

  it('lists and gets org units and the customer', async () => {
    const { google } = fixture().client();
    const all = await google.directory.listOrgUnits({ type: 'allIncludingParent' });
    expect(all.length).toBeGreaterThan(5);
    const child = all.find((o) => o.orgUnitPath.split('/').length > 2) ?? all[0];
    expect((await google.directory.getOrgUnit(child?.orgUnitPath ?? '/')).orgUnitId).toBe(child?.orgUnitId);
    expect((await google.directory.getOrgUnit(child?.orgUnitId ?? '')).orgUnitPath).toBe(child?.orgUnitPath);
    const children = await google.directory.listOrgUnits();
    expect(children.every((o) => o.parentOrgUnitPath === '/')).toBe(true);
    const customer = await google.directory.getCustomer();
    expect(customer.id).toMatch(/^C/);
  });
});

describe('Chrome Management against the emulator', () => {
  it('lists telemetry for the fleet and gets one device', async () => {
    const { google } = fixture().client();
    const pages = await collect(
      google.management.iterateTelemetryDevicePages({
        readMask: ['device_id', 'serial_number', 'battery_status_report', 'storage_info'],
        pageSize: 100,
      }),
    );
    const devices = pages.flatMap((p) => p.items);
    expect(devices.length).toBeGreaterThan(100);
    const withBattery = devices.find((d) => (d.batteryStatusReport?.length ?? 0) > 0);
    expect(withBattery?.batteryStatusReport?.[0]?.batteryHealth).toMatch(/^BATTERY_/);
    const one = await google.management.getTelemetryDevice(withBattery?.deviceId ?? '', {
      readMask: 'deviceId,cpuInfo,memoryInfo',
    });
    expect(one.deviceId).toBe(withBattery?.deviceId);
  });

  it('answers every fleet report', async () => {
    const { google } = fixture().client();
    const [ou] = await google.directory.listOrgUnits();
    const aue = await google.management.countChromeDevicesReachingAutoExpirationDate();
    expect(aue.deviceAueCountReports?.length).toBeGreaterThan(0);
    const attention = await google.management.countChromeDevicesThatNeedAttention({
      orgUnitId: ou?.orgUnitId,
    });
    expect(Object.keys(attention).length).toBeGreaterThan(0);
    const versions = await collect(google.management.iterateChromeVersions({ pageSize: 5 }));
    expect(versions.reduce((sum, v) => sum + int64ToNumber(v.count ?? '0'), 0)).toBeGreaterThan(0);
    const hardware = await google.management.countChromeHardwareFleetDevices({
      readMask: ['modelReports', 'memoryReports'],
    });
    expect(hardware.modelReports?.length).toBeGreaterThan(0);
    const day = { year: 2026, month: 3, day: 1 };
    expect(
      int64ToNumber((await google.management.countActiveDevices(day)).thirtyDaysCount ?? '0'),
    ).toBeGreaterThan(0);
    await expect(google.management.countDevicesPerBootType(day)).resolves.toBeTypeOf('object');
    await expect(google.management.countDevicesPerReleaseChannel(day)).resolves.toBeTypeOf('object');
  });
});

describe('Chrome Management installed apps against the emulator', () => {
  it('lists installed apps page by page, filtered and ordered, and refuses an unknown filter', async () => {
    const { google, events } = fixture().client();
    const pages = await collect(
      google.management.iterateInstalledAppPages({ pageSize: 2, orderBy: 'app_name' }),
    );
    const apps = pages.flatMap((page) => page.items);
    expect(pages.length).toBe(Math.ceil(apps.length / 2));
    expect(apps.map((app) => policyAppId(app))).toContain('chrome:ghbmnnjooekpmoecnnnilnnbdlolhkhi');
    const names = apps.map((app) => app.displayName ?? '');
    expect(names).toEqual([...names].sort((a, b) => a.toLowerCase().localeCompare(b.toLowerCase())));
    expect(events.every((e) => e.status === 200)).toBe(true);
    const one = await google.management.countInstalledApps({
      filter: 'app_id=ghbmnnjooekpmoecnnnilnnbdlolhkhi',
    });
    expect(one.installedApps?.map((app) => app.displayName)).toEqual(['Google Docs Offline']);
    expect(one.totalSize).toBe(1);
    await expect(google.management.countInstalledApps({ filter: 'colour=blue' })).rejects.toBeInstanceOf(
      GoogleInvalidInputError,
    );
  });
});

describe('Chrome Policy against the emulator', () => {
  it('lists and gets policy schemas', async () => {
    const { google } = fixture().client();
    const schemas = await collect(google.policy.iteratePolicySchemas({ pageSize: 10 }));
    expect(schemas.length).toBeGreaterThan(10);
    const incognito = await google.policy.getPolicySchema('chrome.users.IncognitoMode');
    expect(incognito.schemaName).toBe('chrome.users.IncognitoMode');
  });

  it('sets, resolves and un-sets a policy on an OU', async () => {
    const { google } = fixture().client();
    const [ou] = await google.directory.listOrgUnits();
    const target = { targetResource: orgUnitTargetResource(ou?.orgUnitId ?? '') };
    const schema = await google.policy.getPolicySchema('chrome.users.IncognitoMode');
    const unavailable =
      schema.definition?.enumType?.[0]?.value?.find((v) => v.name?.endsWith('UNAVAILABLE'))?.name ?? 'x';
    await google.policy.batchModifyOrgUnitPolicies([
      {
        policyTargetKey: target,
        policyValue: {
          policySchema: 'chrome.users.IncognitoMode',
          value: { incognitoModeAvailability: unavailable },
        },
        updateMask: 'incognitoModeAvailability',
      },
    ]);
    const resolved = await collect(
      google.policy.iterateResolvedPolicies({
        policySchemaFilter: 'chrome.users.*',
        policyTargetKey: target,
        pageSize: 5,
      }),
    );
    const incognito = resolved.find((p) => p.value?.policySchema === 'chrome.users.IncognitoMode');
    expect(incognito?.value?.value).toEqual({ incognitoModeAvailability: unavailable });
    expect(incognito?.sourceKey?.targetResource).toBe(`orgunits/${bareOrgUnitId(ou?.orgUnitId ?? '')}`);

    await google.policy.batchInheritOrgUnitPolicies([
      { policyTargetKey: target, policySchema: 'chrome.users.IncognitoMode' },
    ]);
    const after = await collect(
      google.policy.iterateResolvedPolicies({
        policySchemaFilter: 'chrome.users.IncognitoMode',
        policyTargetKey: target,
      }),
    );
    expect(after.every((p) => p.sourceKey?.targetResource !== target.targetResource)).toBe(true);
  });

  it('reports a bad policy value as invalid input naming the field', async () => {
    const { google } = fixture().client();
    const [ou] = await google.directory.listOrgUnits();
    const error = await google.policy
      .batchModifyOrgUnitPolicies([
        {
          policyTargetKey: { targetResource: orgUnitTargetResource(ou?.orgUnitId ?? '') },
          policyValue: {
            policySchema: 'chrome.users.IncognitoMode',
            value: { incognitoModeAvailability: 'NOT_A_VALUE' },
          },
          updateMask: 'incognitoModeAvailability',
        },
      ])
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(GoogleInvalidInputError);
    expect((error as GoogleInvalidInputError).field).toContain('incognitoModeAvailability');
  });
});

/** The first `count` items of an async generator, closing it afterwards. */
async function* limit<T>(source: AsyncGenerator<T>, count: number): AsyncGenerator<T> {
  let taken = 0;
  for await (const item of source) {
    yield item;
    if (++taken >= count) return;
  }
}
