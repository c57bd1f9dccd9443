import { describe, expect, it } from 'vitest';
import { applyFields, parseFields } from '../http/partial-response.ts';
import { EmulatorState } from '../state/emulator-state.ts';
import { HOUR } from '../state/device-life.ts';
import { TEST_NOW } from '../testing/emulator-harness.ts';
import { integerText } from '../state/integer-text.ts';
import { TELEMETRY_FIELDS, telemetryDeviceBuilder } from './telemetry-json.ts';

const SELECTIONS = [
  // What a sync asks for.
  'deviceId,batteryInfo(designCapacity),batteryStatusReport(reportTime,batteryHealth,cycleCount,fullChargeCapacity),' +
    'storageInfo(availableDiskBytes,totalDiskBytes),memoryInfo(availableRamBytes,totalRamBytes),' +
    'memoryStatusReport(reportTime,systemRamFreeBytes),cpuStatusReport(reportTime,cpuUtilizationPct),' +
    'osUpdateStatus(updateState)',
  // Out of the builder's order, nested, absent and unknown keys, wildcards.
  'serialNumber,appReport(usageData(appId),reportTime),peripheralsReport/usbPeripheralReport/vid,' +
    'batteryStatusReport(sample(voltage,status),serialNumber),bootPerformanceReport(reportTime,nope,bootUpTime),' +
    'networkStatusReport(gatewayIpAddress,lanIpAddress),networkDiagnosticsReport/httpsLatencyData/problem,' +
    'kioskAppStatusReport(*),heartbeatStatusReport,toString,name,cpuStatusReport(cpuTemperatureInfo(label))',
  'cpuStatusReport(reportTime,*)',
  '*',
];

describe('telemetry device JSON for a fields selection', () => {
  const state = new EmulatorState({ size: 400, seed: 7, now: TEST_NOW });
  const fields = new Set<string>(TELEMETRY_FIELDS);
  const whole = telemetryDeviceBuilder(fields);

  it('is the whole device trimmed by the selection, key order included', () => {
    for (const text of SELECTIONS) {
      const tree = parseFields(text);
      const build = telemetryDeviceBuilder(fields, tree);
      for (const window of [{}, { from: TEST_NOW - 20 * HOUR }]) {
        for (let i = 0; i < state.fleet.devices.count; i++) {
          const expected = JSON.stringify(applyFields(whole(state, i, window), tree));
          expect(JSON.stringify(build(state, i, window))).toBe(expected);
        }
      }
    }
  });

  it('builds only the selected fields of a report item', () => {
    const tree = parseFields('cpuStatusReport(reportTime),batteryStatusReport(cycleCount)');
    const device = telemetryDeviceBuilder(fields, tree)(state, 0, {});
    const cpu = device.cpuStatusReport as Record<string, unknown>[];
    expect(cpu.length).toBeGreaterThan(0);
    for (const item of cpu) expect(Object.keys(item)).toEqual(['reportTime']);
    expect(Object.keys(device)).toEqual(['cpuStatusReport', 'batteryStatusReport']);
  });
});

describe('integerText', () => {
  it('writes whole numbers exactly as String does', () => {
    const samples = [0, 7, 2_147_483_647, 2_147_483_648, 9_999_999_999, 10_000_000_000, 8_589_934_592];
    for (let k = 0; k < 20_000; k++) samples.push(Math.floor(Math.random() * 10 ** (1 + (k % 16))));
    samples.push(1e15, 2 ** 53, 1.5, -3);
    for (const n of samples) expect(integerText(n)).toBe(String(n));
  });
});
