/**
 * The device-health series of a `TelemetryDevice` (a data table): CPU and memory every 10 minutes,
 * network and battery hourly, graphics and storage every 3 hours.
 */
import { HOUR, MINUTE } from '../state/device-life.ts';
import { integerText } from '../state/integer-text.ts';
import { hash32, hashUnit } from '../state/random.ts';
import {
  cpuLoad,
  fullCharge,
  httpsLatency,
  iso,
  reportTime,
  seconds,
  type SeriesSpec,
  wifiSignal,
} from './telemetry-sample.ts';

export const DEVICE_SERIES: readonly SeriesSpec[] = [
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
];
