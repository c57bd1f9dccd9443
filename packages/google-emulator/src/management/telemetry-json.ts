/**
 * Chrome Management `TelemetryDevice` (reference §2.3). Static facts come from the device row;
 * periodic reports are samples on a fixed cadence (CPU and memory every 10 minutes, network and
 * battery hourly, storage and apps every 3 hours) up to the device's last upload (its last sync),
 * newest first. Without a `reports_timestamp` filter only the last 3 hours are returned; history is
 * kept for 24 hours.
 */
import { PLATFORMS } from '../state/chromebook-models.ts';
import {
  batteryState,
  diskUsage,
  HOUR,
  lastSyncAt,
  MINUTE,
  modelOf,
  networkAddresses,
  systemRamTotal,
} from '../state/device-life.ts';
import { PROFILE } from '../state/device-table.ts';
import type { EmulatorState } from '../state/emulator-state.ts';
import { hash32, hashUnit } from '../state/random.ts';
import { isoTime } from '../state/time-format.ts';
import { batterySerialOf, telemetryInfo } from './telemetry-info-json.ts';

export const TELEMETRY_FIELDS = [
  'name',
  'customer',
  'orgUnitId',
  'deviceId',
  'serialNumber',
  'cpuInfo',
  'cpuStatusReport',
  'memoryInfo',
  'memoryStatusReport',
  'networkInfo',
  'networkDiagnosticsReport',
  'networkStatusReport',
  'osUpdateStatus',
  'graphicsInfo',
  'graphicsStatusReport',
  'batteryInfo',
  'batteryStatusReport',
  'storageInfo',
  'storageStatusReport',
  'thunderboltInfo',
  'audioStatusReport',
  'bootPerformanceReport',
  'heartbeatStatusReport',
  'networkBandwidthReport',
  'peripheralsReport',
  'kioskAppStatusReport',
  'appReport',
  'runtimeCountersReport',
] as const;

export const RECENT_WINDOW_MS = 3 * HOUR;
export const HISTORY_MS = 24 * HOUR;

type Json = Record<string, unknown>;

/**
 * Report times sit on a grid every device shares (10 minutes, hours), so a page of 1,000 devices
 * formats the same few dozen instants tens of thousands of times: remember them.
 */
const isoCache = new Map<number, string>();
function iso(ms: number): string {
  let text = isoCache.get(ms);
  if (text === undefined) {
    if (isoCache.size >= 4096) isoCache.clear();
    text = isoTime(ms);
    isoCache.set(ms, text);
  }
  return text;
}
const seconds = (ms: number) => `${Math.round(ms / 1000)}s`;

export interface ReportWindow {
  from?: number;
  to?: number;
}

/** Sample times on a cadence inside the window ending at the last upload, newest first. */
function sampleTimes(upload: number, everyMs: number, window: ReportWindow): number[] {
  const oldest = Math.max(upload - HISTORY_MS, window.from ?? upload - RECENT_WINDOW_MS);
  const newest = Math.min(upload, window.to ?? upload);
  const out: number[] = [];
  for (let t = Math.floor(newest / everyMs) * everyMs; t > oldest && out.length < 200; t -= everyMs)
    out.push(t);
  return out;
}

export function telemetryDeviceJson(
  state: EmulatorState,
  i: number,
  fields: ReadonlySet<string>,
  window: ReportWindow,
): Json {
  const fleet = state.fleet;
  const d = fleet.devices;
  const now = state.now();
  const upload = lastSyncAt(fleet, i, now);
  const deviceId = d.deviceId[i] as string;
  const want = (field: string) => fields.has(field);
  const out: Json = {};
  if (want('name')) out.name = `customers/${state.customer.id}/telemetry/devices/${deviceId}`;
  if (want('customer')) out.customer = `customers/${state.customer.id}`;
  if (want('orgUnitId')) out.orgUnitId = fleet.orgUnits.bySlot(d.ouSlot[i] ?? 0).orgUnitId;
  if (want('deviceId')) out.deviceId = deviceId;
  if (want('serialNumber')) out.serialNumber = d.serial[i];
  if (Number.isNaN(upload)) return out;
  Object.assign(out, telemetryInfo(state, i, fields));
  const series: SeriesSink = (field, everyMs, build) => {
    if (!fields.has(field)) return;
    const items = sampleTimes(upload, everyMs, window).map(build);
    if (items.length) out[field] = items;
  };
  const context: SeriesContext = { state, i, seed: fleet.seed, now, series };
  cpuAndMemorySeries(context);
  networkSeries(context);
  powerAndStorageSeries(context);
  activitySeries(context);
  return out;
}

/** Adds a report list when the readMask asks for it and the window has samples. */
type SeriesSink = (field: string, everyMs: number, build: (t: number) => Json) => void;

interface SeriesContext {
  state: EmulatorState;
  i: number;
  seed: number;
  now: number;
  series: SeriesSink;
}

/** CPU and memory, sampled every 10 minutes. */
function cpuAndMemorySeries({ state, i, seed, series }: SeriesContext): void {
  const ramTotal = systemRamTotal(state.fleet, i);
  series('cpuStatusReport', 10 * MINUTE, (t) => {
    const load = hashUnit(seed, i, t / MINUTE, 1);
    return {
      reportTime: iso(t),
      sampleFrequency: '600s',
      cpuUtilizationPct: Math.round(load * 90) + 2,
      cpuTemperatureInfo: [{ label: 'Core 0', temperatureCelsius: Math.round(38 + load * 30) }],
    };
  });
  series('memoryStatusReport', 10 * MINUTE, (t) => ({
    reportTime: iso(t),
    sampleFrequency: '600s',
    systemRamFreeBytes: String(Math.floor(ramTotal * (0.1 + hashUnit(seed, i, t / MINUTE, 3) * 0.5))),
    pageFaults: hash32(seed, i, t / MINUTE, 4) % 5_000,
  }));
}

/** Network status, diagnostics and bandwidth, hourly. */
function networkSeries({ state, i, seed, now, series }: SeriesContext): void {
  const addresses = networkAddresses(state.fleet, i, now);
  series('networkStatusReport', HOUR, (t) => {
    const signal = -40 - (hash32(seed, i, t / HOUR, 5) % 45);
    return {
      reportTime: iso(t),
      sampleFrequency: '3600s',
      signalStrengthDbm: signal,
      lanIpAddress: addresses?.lan,
      gatewayIpAddress: addresses?.lan.replace(/\.\d+$/, '.1'),
      transmissionBitRateMbps: String(72 + (hash32(seed, i, t, 6) % 800)),
      receivingBitRateMbps: String(72 + (hash32(seed, i, t, 7) % 800)),
      encryptionOn: true,
      wifiLinkQuality: String(Math.max(0, Math.min(70, 110 + signal))),
      wifiPowerManagementEnabled: false,
      guid: `wifi-${hash32(seed, state.fleet.devices.school[i] ?? 0, 8).toString(16)}`,
      connectionState: 'ONLINE',
      connectionType: 'WIFI',
    };
  });
  series('networkDiagnosticsReport', HOUR, (t) => {
    const latency = 0.05 + hashUnit(seed, i, t, 9) ** 4 * 1.5;
    return {
      reportTime: iso(t),
      httpsLatencyData: {
        latency: `${latency.toFixed(3)}s`,
        ...(latency > 1
          ? { problem: 'VERY_HIGH_LATENCY' }
          : latency > 0.5
            ? { problem: 'HIGH_LATENCY' }
            : {}),
      },
    };
  });
  series('networkBandwidthReport', HOUR, (t) => ({
    reportTime: iso(t),
    downloadSpeedKbps: String(20_000 + (hash32(seed, i, t, 10) % 180_000)),
  }));
}

/** Graphics, battery (hourly) and storage (every 3 hours). */
function powerAndStorageSeries({ state, i, seed, now, series }: SeriesContext): void {
  const fleet = state.fleet;
  const platform = PLATFORMS[modelOf(fleet, i).family];
  const disk = diskUsage(fleet, i, now);
  series('graphicsStatusReport', 3 * HOUR, (t) => ({
    reportTime: iso(t),
    displays: [
      {
        displayName: 'Built-in display',
        resolutionWidth: 1366,
        resolutionHeight: 768,
        refreshRate: 60,
        isInternal: true,
      },
    ],
  }));
  const battery = batteryState(fleet, i, now);
  const design = platform.batteryDesignMah;
  const batterySerial = batterySerialOf(state, i);
  series('batteryStatusReport', HOUR, (t) => {
    const charge = hashUnit(seed, i, t, 12);
    const full = Math.round((design * battery.healthPct) / 100);
    return {
      reportTime: iso(t),
      serialNumber: batterySerial,
      batteryHealth: battery.health,
      cycleCount: battery.cycleCount,
      fullChargeCapacity: String(full),
      sample: [
        {
          reportTime: iso(t),
          voltage: String(11_400 + Math.round(charge * 1_500)),
          remainingCapacity: String(Math.round(full * charge)),
          temperature: 28 + Math.round(charge * 10),
          dischargeRate: charge > 0.8 ? -8_000 : 6_500,
          chargeRate: Math.round(charge * 100),
          current: String(charge > 0.8 ? -700 : 550),
          status: charge > 0.8 ? 'Charging' : 'Discharging',
        },
      ],
    };
  });
  series('storageStatusReport', 3 * HOUR, (t) => ({
    reportTime: iso(t),
    disk: [
      {
        serialNumber: `0x${hash32(seed, i, 13).toString(16).padStart(8, '0')}`,
        manufacturer: '0x000015',
        model: platform.storageType === 'eMMC' ? 'DA4064' : 'SSD 256GB',
        sizeBytes: String(disk.capacity),
        type: platform.storageType,
        health: 'PRE_EOL_INFO: 0x01',
        volumeIds: ['/home/chronos'],
        bytesReadThisSession: String(hash32(seed, i, t, 14) * 64),
        bytesWrittenThisSession: String(hash32(seed, i, t, 15) * 16),
        readTimeThisSession: seconds(hash32(seed, i, t, 16) % 600_000),
        writeTimeThisSession: seconds(hash32(seed, i, t, 17) % 300_000),
        ioTimeThisSession: seconds(hash32(seed, i, t, 18) % 900_000),
        discardTimeThisSession: '0s',
      },
    ],
  }));
}

/** Audio, boots, kiosk heartbeats, peripherals and app usage. */
function activitySeries({ state, i, seed, series }: SeriesContext): void {
  series('audioStatusReport', HOUR, (t) => ({
    reportTime: iso(t),
    outputMute: hashUnit(seed, i, t, 19) < 0.2,
    inputMute: true,
    outputVolume: hash32(seed, i, t, 20) % 101,
    outputDevice: 'Speaker (internal)',
    inputGain: 50,
    inputDevice: 'Internal Mic',
  }));
  series('bootPerformanceReport', 24 * HOUR, (t) => ({
    bootUpDuration: `${(6 + hashUnit(seed, i, t, 21) * 6).toFixed(3)}s`,
    bootUpTime: iso(t - 10 * HOUR),
    shutdownDuration: `${(1 + hashUnit(seed, i, t, 22) * 2).toFixed(3)}s`,
    shutdownTime: iso(t - 11 * HOUR),
    shutdownReason: hashUnit(seed, i, t, 23) < 0.15 ? 'SYSTEM_UPDATE' : 'USER_REQUEST',
    reportTime: iso(t),
  }));
  const kiosk = state.fleet.devices.profile[i] === PROFILE.kiosk;
  if (kiosk) {
    series('heartbeatStatusReport', 3 * HOUR, (t) => ({ reportTime: iso(t), state: 'ONLINE' }));
    series('kioskAppStatusReport', 3 * HOUR, (t) => ({
      reportTime: iso(t),
      appId: 'haldijlpaehedbjfdnpgflgmbhfbghbh',
      appVersion: '4.2.1',
    }));
  }
  series('peripheralsReport', 3 * HOUR, (t) => ({
    reportTime: iso(t),
    ...(hashUnit(seed, i, 24) < 0.3
      ? {
          usbPeripheralReport: [
            {
              vendor: 'Logitech, Inc.',
              name: 'USB Receiver',
              vid: 1133,
              pid: 50475,
              categories: ['HID'],
              classId: 3,
              subclassId: 1,
            },
          ],
        }
      : {}),
  }));
  series('appReport', 3 * HOUR, (t) => ({
    reportTime: iso(t),
    usageData: [
      {
        appId: 'mmfbcljfglbokpmkimbfghdkjmjhdgbg',
        appType: 'APPLICATION_TYPE_CHROME_APP',
        appInstanceId: `${hash32(seed, i, 25).toString(16)}-0001`,
        runningDuration: seconds(hash32(seed, i, t, 26) % 3_600_000),
      },
      {
        appId: 'https://classroom.google.com/',
        appType: 'APPLICATION_TYPE_WEB',
        appInstanceId: `${hash32(seed, i, 27).toString(16)}-0002`,
        runningDuration: seconds(hash32(seed, i, t, 28) % 7_200_000),
      },
    ],
  }));
}
