/**
 * The periodic reports of a Chrome Management `TelemetryDevice`, as data: each series' field, its
 * cadence, and how each field of one of its items is computed from a device and a sample time.
 * telemetry-json.ts builds devices from this table, only the fields a selection keeps.
 */
import type { PLATFORMS } from '../state/chromebook-models.ts';
import { type BatteryState } from '../state/device-hardware.ts';
import { HOUR, MINUTE } from '../state/device-life.ts';
import type { EmulatorState } from '../state/emulator-state.ts';
import { hash32, hashUnit } from '../state/random.ts';
import { integerText } from '../state/integer-text.ts';
import { isoTime } from '../state/time-format.ts';

/**
 * Report times sit on a grid every device shares (10 minutes, hours), so a page of 1,000 devices
 * formats the same few dozen instants tens of thousands of times: remember them, by minute (a small
 * integer is a far cheaper map key than a millisecond timestamp).
 */
const isoCache = new Map<number, string>();
function iso(ms: number): string {
  const minute = ms / MINUTE;
  if (!Number.isInteger(minute) || Math.abs(minute) > 0x3fffffff) return isoTime(ms);
  let text = isoCache.get(minute);
  if (text === undefined) {
    if (isoCache.size >= 4096) isoCache.clear();
    text = isoTime(ms);
    isoCache.set(minute, text);
  }
  return text;
}

const seconds = (ms: number) => `${Math.round(ms / 1000)}s`;

/** One report item's fields, in the order the JSON carries them; a value of ABSENT leaves the key out. */
export type ItemFields = Readonly<Record<string, (t: number, c: SampleContext) => unknown>>;
export const ABSENT = Symbol('absent');

/** What the report items of one device read, computed once per device for the series asked for. */
export interface SampleContext {
  state: EmulatorState;
  i: number;
  seed: number;
  ramTotal: number;
  addresses: { lan: string; wan: string } | undefined;
  platform: (typeof PLATFORMS)[keyof typeof PLATFORMS];
  disk: { capacity: number; used: number };
  battery: BatteryState;
  batterySerial: string;
}

export type SeriesGroup = 'cpuAndMemory' | 'network' | 'power' | 'activity';

export interface SeriesSpec {
  field: string;
  everyMs: number;
  group: SeriesGroup;
  /** Only kiosks send it. */
  kioskOnly?: boolean;
  item: ItemFields;
}

const cpuLoad = (t: number, c: SampleContext) => hashUnit(c.seed, c.i, t / MINUTE, 1);
const wifiSignal = (t: number, c: SampleContext) => -40 - (hash32(c.seed, c.i, t / HOUR, 5) % 45);
const httpsLatency = (t: number, c: SampleContext) => 0.05 + hashUnit(c.seed, c.i, t, 9) ** 4 * 1.5;
const fullCharge = (c: SampleContext) =>
  Math.round((c.platform.batteryDesignMah * c.battery.healthPct) / 100);
const reportTime = (t: number) => iso(t);

/** CPU and memory every 10 minutes; network and battery hourly; graphics, storage and apps every 3 hours. */
export const SERIES: readonly SeriesSpec[] = [
  {
    field: 'cpuStatusReport',
    everyMs: 10 * MINUTE,
    group: 'cpuAndMemory',
    item: {
      reportTime,
      sampleFrequency: () => '600s',
      cpuUtilizationPct: (t, c) => Math.round(cpuLoad(t, c) * 90) + 2,
      cpuTemperatureInfo: (t, c) => [
        { label: 'Core 0', temperatureCelsius: Math.round(38 + cpuLoad(t, c) * 30) },
      ],
    },
  },
  {
    field: 'memoryStatusReport',
    everyMs: 10 * MINUTE,
    group: 'cpuAndMemory',
    item: {
      reportTime,
      sampleFrequency: () => '600s',
      systemRamFreeBytes: (t, c) =>
        integerText(Math.floor(c.ramTotal * (0.1 + hashUnit(c.seed, c.i, t / MINUTE, 3) * 0.5))),
      pageFaults: (t, c) => hash32(c.seed, c.i, t / MINUTE, 4) % 5_000,
    },
  },
  {
    field: 'networkStatusReport',
    everyMs: HOUR,
    group: 'network',
    item: {
      reportTime,
      sampleFrequency: () => '3600s',
      signalStrengthDbm: wifiSignal,
      lanIpAddress: (_t, c) => c.addresses?.lan,
      gatewayIpAddress: (_t, c) => c.addresses?.lan.replace(/\.\d+$/, '.1'),
      transmissionBitRateMbps: (t, c) => String(72 + (hash32(c.seed, c.i, t, 6) % 800)),
      receivingBitRateMbps: (t, c) => String(72 + (hash32(c.seed, c.i, t, 7) % 800)),
      encryptionOn: () => true,
      wifiLinkQuality: (t, c) => String(Math.max(0, Math.min(70, 110 + wifiSignal(t, c)))),
      wifiPowerManagementEnabled: () => false,
      guid: (_t, c) => `wifi-${hash32(c.seed, c.state.fleet.devices.school[c.i] ?? 0, 8).toString(16)}`,
      connectionState: () => 'ONLINE',
      connectionType: () => 'WIFI',
    },
  },
  {
    field: 'networkDiagnosticsReport',
    everyMs: HOUR,
    group: 'network',
    item: {
      reportTime,
      httpsLatencyData: (t, c) => {
        const latency = httpsLatency(t, c);
        return {
          latency: `${latency.toFixed(3)}s`,
          ...(latency > 1
            ? { problem: 'VERY_HIGH_LATENCY' }
            : latency > 0.5
              ? { problem: 'HIGH_LATENCY' }
              : {}),
        };
      },
    },
  },
  {
    field: 'networkBandwidthReport',
    everyMs: HOUR,
    group: 'network',
    item: {
      reportTime,
      downloadSpeedKbps: (t, c) => String(20_000 + (hash32(c.seed, c.i, t, 10) % 180_000)),
    },
  },
  {
    field: 'graphicsStatusReport',
    everyMs: 3 * HOUR,
    group: 'power',
    item: {
      reportTime,
      displays: () => [
        {
          displayName: 'Built-in display',
          resolutionWidth: 1366,
          resolutionHeight: 768,
          refreshRate: 60,
          isInternal: true,
        },
      ],
    },
  },
  {
    field: 'batteryStatusReport',
    everyMs: HOUR,
    group: 'power',
    item: {
      reportTime,
      serialNumber: (_t, c) => c.batterySerial,
      batteryHealth: (_t, c) => c.battery.health,
      cycleCount: (_t, c) => c.battery.cycleCount,
      fullChargeCapacity: (_t, c) => String(fullCharge(c)),
      sample: (t, c) => {
        const charge = hashUnit(c.seed, c.i, t, 12);
        const full = fullCharge(c);
        return [
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
        ];
      },
    },
  },
  {
    field: 'storageStatusReport',
    everyMs: 3 * HOUR,
    group: 'power',
    item: {
      reportTime,
      disk: (t, c) => {
        const { seed, i, platform } = c;
        return [
          {
            serialNumber: `0x${hash32(seed, i, 13).toString(16).padStart(8, '0')}`,
            manufacturer: '0x000015',
            model: platform.storageType === 'eMMC' ? 'DA4064' : 'SSD 256GB',
            sizeBytes: String(c.disk.capacity),
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
        ];
      },
    },
  },
  {
    field: 'audioStatusReport',
    everyMs: HOUR,
    group: 'activity',
    item: {
      reportTime,
      outputMute: (t, c) => hashUnit(c.seed, c.i, t, 19) < 0.2,
      inputMute: () => true,
      outputVolume: (t, c) => hash32(c.seed, c.i, t, 20) % 101,
      outputDevice: () => 'Speaker (internal)',
      inputGain: () => 50,
      inputDevice: () => 'Internal Mic',
    },
  },
  {
    field: 'bootPerformanceReport',
    everyMs: 24 * HOUR,
    group: 'activity',
    item: {
      bootUpDuration: (t, c) => `${(6 + hashUnit(c.seed, c.i, t, 21) * 6).toFixed(3)}s`,
      bootUpTime: (t) => iso(t - 10 * HOUR),
      shutdownDuration: (t, c) => `${(1 + hashUnit(c.seed, c.i, t, 22) * 2).toFixed(3)}s`,
      shutdownTime: (t) => iso(t - 11 * HOUR),
      shutdownReason: (t, c) => (hashUnit(c.seed, c.i, t, 23) < 0.15 ? 'SYSTEM_UPDATE' : 'USER_REQUEST'),
      reportTime,
    },
  },
  {
    field: 'heartbeatStatusReport',
    everyMs: 3 * HOUR,
    group: 'activity',
    kioskOnly: true,
    item: { reportTime, state: () => 'ONLINE' },
  },
  {
    field: 'kioskAppStatusReport',
    everyMs: 3 * HOUR,
    group: 'activity',
    kioskOnly: true,
    item: {
      reportTime,
      appId: () => 'haldijlpaehedbjfdnpgflgmbhfbghbh',
      appVersion: () => '4.2.1',
    },
  },
  {
    field: 'peripheralsReport',
    everyMs: 3 * HOUR,
    group: 'activity',
    item: {
      reportTime,
      usbPeripheralReport: (_t, c) =>
        hashUnit(c.seed, c.i, 24) < 0.3
          ? [
              {
                vendor: 'Logitech, Inc.',
                name: 'USB Receiver',
                vid: 1133,
                pid: 50475,
                categories: ['HID'],
                classId: 3,
                subclassId: 1,
              },
            ]
          : ABSENT,
    },
  },
  {
    field: 'appReport',
    everyMs: 3 * HOUR,
    group: 'activity',
    item: {
      reportTime,
      usageData: (t, c) => {
        const { seed, i } = c;
        return [
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
        ];
      },
    },
  },
];

export const SERIES_FIELDS: ReadonlySet<string> = new Set(SERIES.map((spec) => spec.field));
