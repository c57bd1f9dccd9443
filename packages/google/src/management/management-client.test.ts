import { describe, expect, it } from 'vitest';
import { ZodError } from 'zod';
import { createFakeFetch, createTestClient, json } from '../../test/fake-fetch.ts';
import { createGoogleClient } from '../google-client.ts';

const BASE = '/v1/customers/my_customer';

const telemetryDevice = {
  name: 'customers/C03puekhd/telemetry/devices/dev-1',
  customer: 'customers/C03puekhd',
  orgUnitId: '03ph8a2z1',
  deviceId: 'dev-1',
  serialNumber: 'SN1',
  batteryStatusReport: [
    {
      reportTime: '2026-01-02T00:00:00Z',
      batteryHealth: 'BATTERY_REPLACE_SOON',
      cycleCount: 812,
      fullChargeCapacity: '3900',
      sample: [
        {
          reportTime: '2026-01-02T00:00:00Z',
          voltage: '11800',
          remainingCapacity: '2000',
          temperature: 31,
          dischargeRate: 5000,
          chargeRate: 51,
          current: '-400',
          status: 'Discharging',
        },
      ],
    },
  ],
  storageInfo: {
    totalDiskBytes: '68719476736',
    availableDiskBytes: '1073741824',
    volume: [{ volumeId: 'v', storageTotalBytes: '1', storageFreeBytes: '0' }],
  },
  memoryInfo: {
    totalRamBytes: '8589934592',
    availableRamBytes: '4294967296',
    totalMemoryEncryption: { encryptionState: 'MEMORY_ENCRYPTION_STATE_DISABLED' },
  },
  cpuInfo: [{ model: 'Intel(R) Celeron(R) N4500', architecture: 'X64', maxClockSpeed: 2800000 }],
  cpuStatusReport: [
    {
      reportTime: '2026-01-02T00:00:00Z',
      sampleFrequency: '600s',
      cpuUtilizationPct: 12,
      cpuTemperatureInfo: [{ label: 'Core 0', temperatureCelsius: 45 }],
    },
  ],
  osUpdateStatus: [{ updateState: 'OS_UPDATE_NEED_REBOOT', newPlatformVersion: '16002.0.0' }],
  networkStatusReport: [
    {
      reportTime: '2026-01-02T00:00:00Z',
      connectionState: 'ONLINE',
      connectionType: 'WIFI',
      signalStrengthDbm: -50,
      receivingBitRateMbps: '433',
    },
  ],
  batteryInfo: [
    {
      serialNumber: 'B1',
      designCapacity: '4000',
      manufactureDate: { year: 2021, month: 5, day: 1 },
      technology: 'Li-ion',
    },
  ],
  graphicsInfo: {
    adapterInfo: { adapter: 'Intel UHD', deviceId: '12345' },
    displayDevices: [{ displayName: 'Built-in', internal: true }],
  },
  thunderboltInfo: [{ securityLevel: 'THUNDERBOLT_SECURITY_NONE_LEVEL' }],
  bootPerformanceReport: [{ bootUpDuration: '8.5s', shutdownReason: 'USER_REQUEST' }],
  heartbeatStatusReport: [{ reportTime: '2026-01-02T00:00:00Z', state: 'ONLINE' }],
  peripheralsReport: [
    {
      reportTime: '2026-01-02T00:00:00Z',
      usbPeripheralReport: [{ vendor: 'Logitech', vid: 1133, pid: 49271, categories: ['HID'] }],
    },
  ],
  appReport: [
    {
      reportTime: '2026-01-02T00:00:00Z',
      usageData: [{ appId: 'x', appType: 'APPLICATION_TYPE_WEB', runningDuration: '60s' }],
    },
  ],
  runtimeCountersReport: [{ reportTime: '2026-01-02T00:00:00Z', enterSleepCount: '3' }],
};

describe('ChromeManagementClient telemetry', () => {
  it('lists telemetry devices with readMask, filter and page size', async () => {
    const fake = createFakeFetch(json(200, { devices: [telemetryDevice], nextPageToken: 'n' }));
    const { client } = createTestClient(fake);
    const page = await client.management.listTelemetryDevices({
      readMask: ['device_id', 'battery_status_report', 'storage_info'],
      filter: 'reports_timestamp>=0',
      pageSize: 1000,
    });
    const sent = fake.requests[0];
    expect(sent?.url.origin).toBe('https://cm.test');
    expect(sent?.url.pathname).toBe(`${BASE}/telemetry/devices`);
    expect(sent?.url.searchParams.get('readMask')).toBe('device_id,battery_status_report,storage_info');
    expect(sent?.url.searchParams.get('filter')).toBe('reports_timestamp>=0');
    expect(sent?.url.searchParams.get('pageSize')).toBe('1000');
    expect(page.nextPageToken).toBe('n');
    expect(page.devices?.[0]).toEqual(telemetryDevice);
  });

  it('bounds the page size and requires a read mask', async () => {
    const fake = createFakeFetch(json(200, {}));
    const { client } = createTestClient(fake);
    await expect(
      client.management.listTelemetryDevices({ readMask: 'device_id', pageSize: 1001 }),
    ).rejects.toBeInstanceOf(ZodError);
    await expect(client.management.listTelemetryDevices({ readMask: [] })).rejects.toBeInstanceOf(ZodError);
    expect(fake.calls).not.toHaveBeenCalled();
  });

  it('iterates telemetry pages and items from a stored token', async () => {
    const fake = createFakeFetch(
      json(200, { devices: [telemetryDevice], nextPageToken: 't3' }),
      json(200, {}),
    );
    const { client } = createTestClient(fake);
    const items = [];
    for await (const device of client.management.iterateTelemetryDevices({
      readMask: 'deviceId',
      pageToken: 't2',
    }))
      items.push(device);
    expect(items).toHaveLength(1);
    expect(fake.requests.map((r) => r.url.searchParams.get('pageToken'))).toEqual(['t2', 't3']);
  });

  it('gets one device by id or full name', async () => {
    const fake = createFakeFetch(json(200, telemetryDevice));
    const { client } = createTestClient(fake);
    await client.management.getTelemetryDevice('customers/C1/telemetry/devices/dev-1', {
      readMask: 'battery_info',
    });
    await client.management.getTelemetryDevice('dev-1', { readMask: ['battery_info', 'cpu_info'] });
    expect(fake.requests.map((r) => r.url.pathname)).toEqual([
      `${BASE}/telemetry/devices/dev-1`,
      `${BASE}/telemetry/devices/dev-1`,
    ]);
    expect(fake.requests[1]?.url.searchParams.get('readMask')).toBe('battery_info,cpu_info');
  });

  it('adds the C to a raw customer id, as GAM does', async () => {
    const fake = createFakeFetch(json(200, {}));
    const client = createGoogleClient({
      getAccessToken: async () => 't',
      fetch: fake.fetch,
      customerId: '03puekhd',
      baseUrls: { chromeManagement: 'https://cm.test/' },
    });
    await client.management.listTelemetryDevices({ readMask: 'name' });
    expect(fake.requests[0]?.url.pathname).toBe('/v1/customers/C03puekhd/telemetry/devices');
  });
});

describe('ChromeManagementClient reports', () => {
  it('counts devices reaching AUE with a bare OU id and date bounds', async () => {
    const body = {
      deviceAueCountReports: [
        { model: 'Dell Chromebook 11 (3180)', count: '12', expired: true },
        { model: 'Lenovo 100e Chromebook Gen 3', count: '340', aueMonth: 'JUNE', aueYear: '2031' },
      ],
    };
    const fake = createFakeFetch(json(200, body));
    const { client } = createTestClient(fake);
    const result = await client.management.countChromeDevicesReachingAutoExpirationDate({
      orgUnitId: 'id:03ph8a2z1',
      minAueDate: '2026-01-01',
      maxAueDate: '2031-12-31',
    });
    expect(result).toEqual(body);
    expect(fake.requests[0]?.url.pathname).toBe(
      `${BASE}/reports:countChromeDevicesReachingAutoExpirationDate`,
    );
    expect(Object.fromEntries(fake.requests[0]?.url.searchParams ?? [])).toEqual({
      orgUnitId: '03ph8a2z1',
      minAueDate: '2026-01-01',
      maxAueDate: '2031-12-31',
      prettyPrint: 'false',
    });
    await expect(
      client.management.countChromeDevicesReachingAutoExpirationDate({ minAueDate: '2026-1-1' }),
    ).rejects.toBeInstanceOf(ZodError);
  });

  it('asks for all five needs-attention counts by default', async () => {
    const body = {
      noRecentPolicySyncCount: '3',
      noRecentUserActivityCount: '10',
      osVersionNotCompliantCount: '1',
      pendingUpdate: '4',
      unsupportedPolicyCount: '0',
    };
    const fake = createFakeFetch(json(200, body));
    const { client } = createTestClient(fake);
    expect(await client.management.countChromeDevicesThatNeedAttention()).toEqual(body);
    expect(fake.requests[0]?.url.pathname).toBe(`${BASE}/reports:countChromeDevicesThatNeedAttention`);
    expect(fake.requests[0]?.url.searchParams.get('readMask')).toBe(
      'noRecentPolicySyncCount,noRecentUserActivityCount,osVersionNotCompliantCount,pendingUpdate,unsupportedPolicyCount',
    );
  });

  it('pages Chrome version counts (≤ 100 per page)', async () => {
    const fake = createFakeFetch(
      json(200, {
        browserVersions: [
          {
            version: '120.0.6099.235',
            count: '4000',
            channel: 'STABLE',
            system: 'SYSTEM_CROS',
            deviceOsVersion: '15662.76.0',
          },
        ],
        nextPageToken: 'v2',
        totalSize: 2,
      }),
      json(200, {
        browserVersions: [
          { version: '119.0.6045.212', count: '12', channel: 'STABLE', system: 'SYSTEM_CROS' },
        ],
        totalSize: 2,
      }),
    );
    const { client } = createTestClient(fake);
    const versions = [];
    for await (const row of client.management.iterateChromeVersions({
      filter: 'last_active_date>=2026-01-01',
      orgUnitId: '03ph',
      pageSize: 100,
    }))
      versions.push(row.version);
    expect(versions).toEqual(['120.0.6099.235', '119.0.6045.212']);
    expect(fake.requests[0]?.url.pathname).toBe(`${BASE}/reports:countChromeVersions`);
    expect(fake.requests[1]?.url.searchParams.get('pageToken')).toBe('v2');
    expect(fake.requests[0]?.url.searchParams.get('filter')).toBe('last_active_date>=2026-01-01');
    await expect(client.management.countChromeVersions({ pageSize: 101 })).rejects.toBeInstanceOf(ZodError);
  });

  it('counts the hardware fleet with all four buckets by default', async () => {
    const body = {
      modelReports: [{ bucket: 'Acer C7 Chromebook', count: '3' }],
      memoryReports: [{ bucket: '4', count: '3' }],
    };
    const fake = createFakeFetch(json(200, body));
    const { client } = createTestClient(fake);
    expect(await client.management.countChromeHardwareFleetDevices()).toEqual(body);
    expect(fake.requests[0]?.url.searchParams.get('readMask')).toBe(
      'modelReports,cpuReports,memoryReports,storageReports',
    );
  });

  it('passes report dates as date.year, date.month and date.day', async () => {
    const fake = createFakeFetch(
      json(200, { sevenDaysCount: '100', thirtyDaysCount: '150' }),
      json(200, { verifiedBootTypeCount: '90', devBootTypeCount: '2' }),
      json(200, { stableChannelCount: '88' }),
    );
    const { client } = createTestClient(fake);
    expect(await client.management.countActiveDevices({ year: 2026, month: 2, day: 3 })).toEqual({
      sevenDaysCount: '100',
      thirtyDaysCount: '150',
    });
    expect(Object.fromEntries(fake.requests[0]?.url.searchParams ?? [])).toEqual({
      'date.year': '2026',
      'date.month': '2',
      'date.day': '3',
      prettyPrint: 'false',
    });
    expect(fake.requests[0]?.url.pathname).toBe(`${BASE}/reports:countActiveDevices`);
    expect(
      (await client.management.countDevicesPerBootType({ year: 2026, month: 2, day: 3 })).devBootTypeCount,
    ).toBe('2');
    expect(fake.requests[1]?.url.pathname).toBe(`${BASE}/reports:countDevicesPerBootType`);
    expect(
      (await client.management.countDevicesPerReleaseChannel({ year: 2026, month: 2, day: 3 }))
        .stableChannelCount,
    ).toBe('88');
    expect(fake.requests[2]?.url.pathname).toBe(`${BASE}/reports:countDevicesPerReleaseChannel`);
    await expect(
      client.management.countActiveDevices({ year: 2026, month: 13, day: 1 }),
    ).rejects.toBeInstanceOf(ZodError);
  });
});
