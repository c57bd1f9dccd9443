/* eslint-disable @typescript-eslint/no-unsafe-call, @typescript-eslint/no-unsafe-argument -- response bodies are untyped JSON (`Body`); the assertions check their shape */
import {
  activeDevicesResponseSchema,
  aueCountsResponseSchema,
  chromeVersionsPageSchema,
  hardwareFleetResponseSchema,
  needsAttentionResponseSchema,
} from '@fleetdeck/google/management/fleet-reports.schema';
import {
  telemetryDeviceSchema,
  telemetryDevicesPageSchema,
} from '@fleetdeck/google/management/telemetry.schema';
import { describe, expect, it } from 'vitest';
import { isLive } from '../state/device-life.ts';
import { startTestEmulator } from '../testing/emulator-harness.ts';

const TELEMETRY = '/v1/customers/my_customer/telemetry/devices';
const REPORTS = '/v1/customers/my_customer/reports';
const ALL_MASK =
  'name,customer,orgUnitId,deviceId,serialNumber,cpuInfo,cpuStatusReport,memoryInfo,memoryStatusReport,networkInfo,networkStatusReport,networkDiagnosticsReport,networkBandwidthReport,osUpdateStatus,graphicsInfo,graphicsStatusReport,batteryInfo,batteryStatusReport,storageInfo,storageStatusReport,audioStatusReport,bootPerformanceReport,heartbeatStatusReport,kioskAppStatusReport,peripheralsReport,appReport';

describe('telemetry devices', () => {
  const t = startTestEmulator({ accessTokenTtlSeconds: 7 * 86_400 });

  it('lists devices with the fields of readMask, in snake or camel case, pageSize up to 1000', async () => {
    const { status, body } = await t.get(`${TELEMETRY}?readMask=${ALL_MASK}&pageSize=1000`);
    expect(status).toBe(200);
    const page = telemetryDevicesPageSchema.parse(body);
    expect(page.devices!.length).toBeGreaterThan(400);
    expect(body.nextPageToken).toBeUndefined();
    for (const device of body.devices) {
      expect(telemetryDeviceSchema.safeParse(device).success).toBe(true);
      expect(device.name).toBe(`customers/${t.emu.state.customer.id}/telemetry/devices/${device.deviceId}`);
      expect(device.orgUnitId).not.toMatch(/^id:/);
    }
    const snake = await t.get(`${TELEMETRY}?readMask=device_id,cpu_status_report&pageSize=5`);
    expect(Object.keys(snake.body.devices[0]).sort()).toEqual(['cpuStatusReport', 'deviceId']);
    const times = snake.body.devices[0].cpuStatusReport.map((r: { reportTime: string }) => r.reportTime);
    expect(times).toEqual([...times].sort().reverse());
  });

  it('requires readMask and keeps pageSize within 1000', async () => {
    expect((await t.get(TELEMETRY)).body.error).toMatchObject({ code: 400, status: 'INVALID_ARGUMENT' });
    expect((await t.get(`${TELEMETRY}?readMask=colour`)).status).toBe(400);
    expect((await t.get(`${TELEMETRY}?readMask=deviceId&pageSize=1001`)).status).toBe(400);
    expect((await t.get(`${TELEMETRY}?readMask=deviceId&pageSize=-3`)).status).toBe(400);
    expect((await t.get(`${TELEMETRY}?readMask=deviceId`)).body.devices).toHaveLength(100);
  });

  it('pages with tokens and filters on serial, device id and the direct OU', async () => {
    const seen = new Set<string>();
    let token = '';
    do {
      const { body } = await t.get(
        `${TELEMETRY}?readMask=deviceId&pageSize=200${token ? `&pageToken=${encodeURIComponent(token)}` : ''}`,
      );
      for (const device of body.devices) seen.add(device.deviceId);
      token = body.nextPageToken ?? '';
    } while (token);
    const all = (await t.get(`${TELEMETRY}?readMask=deviceId,serialNumber,orgUnitId&pageSize=1000`)).body
      .devices;
    expect(seen.size).toBe(all.length);
    const target = all[7];
    const bySerial = await t.get(
      `${TELEMETRY}?readMask=deviceId&filter=${encodeURIComponent(`serialNumber=${target.serialNumber}`)}`,
    );
    expect(bySerial.body.devices.map((x: { deviceId: string }) => x.deviceId)).toEqual([target.deviceId]);
    const byOu = await t.get(
      `${TELEMETRY}?readMask=orgUnitId&pageSize=1000&filter=${encodeURIComponent(`org_unit_id=${target.orgUnitId}`)}`,
    );
    expect(byOu.body.devices.every((x: { orgUnitId: string }) => x.orgUnitId === target.orgUnitId)).toBe(
      true,
    );
    expect((await t.get(`${TELEMETRY}?readMask=deviceId&filter=colour=blue`)).status).toBe(400);
  });

  it('returns only recent reports unless reports_timestamp asks for history', async () => {
    const id = (await t.get(`${TELEMETRY}?readMask=deviceId&pageSize=1`)).body.devices[0].deviceId;
    const recent = await t.get(`${TELEMETRY}/${id}?readMask=cpuStatusReport`);
    const history = await t.get(
      `${TELEMETRY}?readMask=cpuStatusReport&filter=${encodeURIComponent(`device_id=${id} AND reports_timestamp>=0`)}`,
    );
    expect(recent.body.cpuStatusReport.length).toBe(18);
    expect(history.body.devices[0].cpuStatusReport.length).toBeGreaterThan(
      recent.body.cpuStatusReport.length,
    );
    const since = '"2000-01-01T00:00:00.000000000Z"';
    expect(
      (
        await t.get(
          `${TELEMETRY}?readMask=deviceId&filter=${encodeURIComponent(`reports_timestamp>=${since}`)}`,
        )
      ).status,
    ).toBe(200);
    expect((await t.get(`${TELEMETRY}/nope?readMask=deviceId`)).status).toBe(404);
  });

  it('shows new samples after the clock moves on', async () => {
    const fleet = t.emu.state.fleet;
    const row = Array.from({ length: fleet.devices.count }, (_, i) => i).find(
      (i) => isLive(fleet, i) && fleet.devices.statusOf(i) === 'ACTIVE',
    )!;
    const id = fleet.devices.deviceId[row]!;
    const before = (await t.get(`${TELEMETRY}/${id}?readMask=cpuStatusReport`)).body.cpuStatusReport[0]
      .reportTime;
    t.emu.state.clock.advance(12 * 3_600_000);
    const after = (await t.get(`${TELEMETRY}/${id}?readMask=cpuStatusReport`)).body.cpuStatusReport[0]
      .reportTime;
    expect(after > before).toBe(true);
  });
});

describe('device reports', () => {
  const t = startTestEmulator();

  it('counts devices reaching AUE, expired ones first, filtered by date but keeping the expired', async () => {
    const { body } = await t.get(`${REPORTS}:countChromeDevicesReachingAutoExpirationDate`);
    const reports = aueCountsResponseSchema.parse(body).deviceAueCountReports!;
    expect(body.deviceAueCountReports[0]).toMatchObject({ expired: true });
    expect(body.deviceAueCountReports[0]).not.toHaveProperty('aueMonth');
    expect(reports.some((r) => r.aueMonth === 'JUNE' && r.aueYear === '2031')).toBe(true);
    const filtered = (
      await t.get(
        `${REPORTS}:countChromeDevicesReachingAutoExpirationDate?minAueDate=2029-01-01&maxAueDate=2029-12-31`,
      )
    ).body.deviceAueCountReports;
    expect(
      filtered.every((r: { expired?: boolean; aueYear?: string }) => r.expired || r.aueYear === '2029'),
    ).toBe(true);
    expect(filtered.some((r: { expired?: boolean }) => r.expired)).toBe(true);
    const provisioned = (
      await t.listAll(
        '/admin/directory/v1/customer/my_customer/devices/chromeos?projection=BASIC&query=status:provisioned',
      )
    ).filter((d) => d.autoUpdateThrough);
    expect(reports.reduce((sum, r) => sum + Number(r.count), 0)).toBe(provisioned.length);
  });

  it('counts devices that need attention, per readMask', async () => {
    const mask =
      'noRecentPolicySyncCount,noRecentUserActivityCount,osVersionNotCompliantCount,pendingUpdate,unsupportedPolicyCount';
    const { body } = await t.get(`${REPORTS}:countChromeDevicesThatNeedAttention?readMask=${mask}`);
    needsAttentionResponseSchema.parse(body);
    expect(Object.keys(body).sort()).toEqual(mask.split(',').sort());
    expect(Number(body.noRecentPolicySyncCount)).toBeGreaterThan(0);
    expect(
      (await t.get(`${REPORTS}:countChromeDevicesThatNeedAttention?readMask=pending_update`)).body,
    ).toEqual({ pendingUpdate: body.pendingUpdate });
    expect((await t.get(`${REPORTS}:countChromeDevicesThatNeedAttention`)).status).toBe(400);
  });

  it('counts Chrome versions in pages of at most 100', async () => {
    const { body } = await t.get(`${REPORTS}:countChromeVersions?pageSize=3`);
    const page = chromeVersionsPageSchema.parse(body);
    expect(page.browserVersions).toHaveLength(3);
    expect(body.browserVersions[0]).toMatchObject({ system: 'SYSTEM_CROS' });
    const next = await t.get(
      `${REPORTS}:countChromeVersions?pageSize=3&pageToken=${encodeURIComponent(body.nextPageToken)}`,
    );
    expect(next.body.browserVersions[0].version).not.toBe(body.browserVersions[0].version);
    expect((await t.get(`${REPORTS}:countChromeVersions?pageSize=101`)).status).toBe(400);
  });

  it('counts hardware and active devices, limited to a direct OU when asked', async () => {
    const all = await t.get(
      `${REPORTS}:countChromeHardwareFleetDevices?readMask=modelReports,cpuReports,memoryReports,storageReports`,
    );
    hardwareFleetResponseSchema.parse(all.body);
    const total = all.body.modelReports.reduce(
      (sum: number, r: { count: string }) => sum + Number(r.count),
      0,
    );
    expect(
      all.body.memoryReports.reduce((sum: number, r: { count: string }) => sum + Number(r.count), 0),
    ).toBe(total);
    const grade = t.emu.state.fleet.orgUnits.all().find((ou) => ou.name === 'Grade 3')!;
    const one = await t.get(
      `${REPORTS}:countChromeHardwareFleetDevices?readMask=model_reports&orgUnitId=${grade.orgUnitId}`,
    );
    expect(Object.keys(one.body)).toEqual(['modelReports']);
    expect(
      one.body.modelReports.reduce((sum: number, r: { count: string }) => sum + Number(r.count), 0),
    ).toBeLessThan(total);
    const active = await t.get(`${REPORTS}:countActiveDevices?date.year=2026&date.month=3&date.day=1`);
    activeDevicesResponseSchema.parse(active.body);
    expect(Number(active.body.thirtyDaysCount)).toBeGreaterThanOrEqual(Number(active.body.sevenDaysCount));
    expect((await t.get(`${REPORTS}:countDevicesPerBootType`)).body).toHaveProperty('devBootTypeCount');
  });

  it('needs the reports scope', async () => {
    const telemetryOnly = t.tokenWith([
      'https://www.googleapis.com/auth/chrome.management.telemetry.readonly',
    ]);
    expect((await t.get(`${REPORTS}:countChromeVersions`, telemetryOnly)).status).toBe(403);
  });
});
