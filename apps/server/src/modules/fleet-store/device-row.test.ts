import {
  chromeOsDeviceSchema,
  type ChromeOsDevice,
} from '@fleetdeck/google/directory/chromeos-device.schema';
import { describe, expect, it } from 'vitest';
import {
  COMPARED_DEVICE_FIELDS,
  contentHash,
  STORED_DEVICE_FIELDS,
  STORED_DEVICE_SELECTION,
  storedJson,
  TIME_SERIES_DEVICE_FIELDS,
} from './device-row.ts';

const DEVICE: ChromeOsDevice = {
  kind: 'admin#directory#chromeosdevice',
  etag: '"a/b"',
  deviceId: 'd1',
  serialNumber: 'S1',
  status: 'ACTIVE',
  notes: '',
  osUpdateStatus: { state: 'updateStateNotStarted', updateTime: '2026-03-01T00:00:00.000Z' },
  recentUsers: [{ type: 'USER_TYPE_MANAGED', email: 'a@example.edu' }],
  activeTimeRanges: [{ date: '2026-03-01', activeTime: 1000 }],
};

describe('device rows', () => {
  it('asks Google for every field of the schema but the time series', () => {
    const schemaFields = Object.keys(chromeOsDeviceSchema.shape);
    const timeSeries: readonly string[] = TIME_SERIES_DEVICE_FIELDS;
    expect([...STORED_DEVICE_FIELDS].sort()).toEqual(
      schemaFields.filter((f) => !timeSeries.includes(f)).sort(),
    );
  });

  it('stores the same JSON whether or not the time series came along', () => {
    const { activeTimeRanges: _ranges, ...selected } = DEVICE;
    expect(storedJson(DEVICE)).toEqual(selected);
    expect(storedJson(selected)).toBe(selected);
  });

  it('keeps what identifies a CPU and drops its per-core counters, in the row and its hash', () => {
    const cpu = { model: 'Intel(R) Celeron(R) N4000', architecture: 'x64', maxClockSpeedKhz: 2600000 };
    const counters = [{ idleDuration: '12585.417s', currentScalingFrequencyKhz: 1480863 }];
    const listed = { ...DEVICE, cpuInfo: [{ ...cpu, logicalCpus: counters }] };
    const { activeTimeRanges: _ranges, ...selected } = { ...DEVICE, cpuInfo: [cpu] };
    expect(storedJson(listed)).toEqual(selected);
    expect(storedJson(selected)).toBe(selected);
    const moved = { ...listed, cpuInfo: [{ ...cpu, logicalCpus: [{ ...counters[0], idleDuration: '1s' }] }] };
    expect(contentHash(moved)).toBe(contentHash(selected));
    expect(contentHash({ ...selected, cpuInfo: [{ ...cpu, model: 'Other' }] })).not.toBe(
      contentHash(selected),
    );
    expect(STORED_DEVICE_SELECTION).toContain('cpuInfo(model,architecture,maxClockSpeedKhz)');
  });

  it('hashes what a sync compares and nothing else', () => {
    const hash = contentHash(DEVICE);
    const { activeTimeRanges: _ranges, ...selected } = DEVICE;
    expect(contentHash(selected)).toBe(hash);
    expect(contentHash({ ...DEVICE, etag: '"c/d"', kind: 'other' })).toBe(hash);
    const changes: Partial<ChromeOsDevice>[] = [
      { notes: undefined },
      { notes: 'x' },
      { serialNumber: undefined, status: 'S1ACTIVE' },
      { osUpdateStatus: { state: 'updateStateNeedReboot', updateTime: '2026-03-01T00:00:00.000Z' } },
      { recentUsers: [] },
      { orgUnitPath: '/A' },
    ];
    const hashes = changes.map((change) => contentHash({ ...DEVICE, ...change }));
    expect(new Set([hash, ...hashes]).size).toBe(changes.length + 1);
    expect(COMPARED_DEVICE_FIELDS).not.toContain('etag');
  });
});
