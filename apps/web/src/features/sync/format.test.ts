import { describe, expect, it } from 'vitest';
import { SYNC_SCHEDULE_LIMITS, type SyncProgress } from '@fleetdeck/shared/sync-contract';
import {
  formatRate,
  devicesLine,
  SCHEDULE_LIMITS,
  formatDuration,
  formatTimeLeft,
  orgUnitsLine,
  phaseLabel,
  progressPercent,
} from './format.ts';

const progress = (over: Partial<SyncProgress> = {}): SyncProgress => ({
  orgUnits: 0,
  shardsTotal: 0,
  shardsDone: 0,
  pages: 0,
  devicesSeen: 0,
  devicesWritten: 0,
  devicesCreated: 0,
  devicesDeleted: 0,
  historyRows: 0,
  telemetrySamples: 0,
  telemetryRefreshed: true,
  rate: 0,
  expectedDevices: null,
  etaSeconds: null,
  retries: 0,
  waitedMs: 0,
  shardRestarts: 0,
  ...over,
});

describe('sync run formatting', () => {
  it('rates: whole devices per second with separators, a decimal only when slow', () => {
    expect(formatRate(1216.04)).toBe('1,216 devices/s');
    expect(formatRate(0.42)).toBe('0.4 devices/s');
  });

  it('fills the bar by devices against the previous run, or by organizational units on a first run', () => {
    const devices = (over: Partial<SyncProgress>) =>
      progressPercent({ status: 'running', phase: 'devices', progress: progress(over) });
    expect(devices({ expectedDevices: 1000, devicesSeen: 500 })).toBe(45);
    expect(devices({ expectedDevices: 1000, devicesSeen: 5000 })).toBe(85);
    expect(devices({ shardsTotal: 4, shardsDone: 1 })).toBe(25);
    expect(devices({})).toBe(5);
  });

  it('is 100 only when the run succeeded', () => {
    expect(progressPercent({ status: 'running', phase: 'done', progress: progress() })).toBe(99);
    expect(progressPercent({ status: 'succeeded', phase: 'done', progress: progress() })).toBe(100);
    expect(progressPercent({ status: 'running', phase: 'rollups', progress: progress() })).toBe(96);
    expect(progressPercent({ status: 'queued', phase: 'mystery', progress: progress() })).toBe(0);
  });

  it('says phases, durations and the time left in words', () => {
    expect(phaseLabel('sweep')).toBe('Removing devices deleted at Google');
    expect(phaseLabel('later')).toBe('later');
    expect(formatDuration(860)).toBe('0.9 s');
    expect(formatDuration(42_000)).toBe('42 s');
    expect(formatDuration(65_000)).toBe('1 min 5 s');
    expect(formatDuration(120_000)).toBe('2 min');
    expect(formatDuration(3_720_000)).toBe('1 h 2 min');
    expect(formatTimeLeft(null)).toBeUndefined();
    expect(formatTimeLeft(20)).toBe('Less than a minute left');
    expect(formatTimeLeft(170)).toBe('About 3 min left');
  });

  it('counts devices against the expected total only while running', () => {
    const p = progress({ devicesWritten: 1200, expectedDevices: 5000 });
    expect(devicesLine(p, false)).toBe('1,200 of about 5,000 devices written');
    expect(devicesLine(p, true)).toBe('1,200 devices written');
    expect(devicesLine(progress({ devicesWritten: 3 }), false)).toBe('3 devices written');
    expect(devicesLine(progress({ devicesWritten: 2, devicesSeen: 1300 }), true)).toBe(
      '2 devices written (1,300 checked)',
    );
  });

  it('bounds the schedule like the sync contract', () => {
    expect(SCHEDULE_LIMITS.intervalMinutes).toEqual({
      min: SYNC_SCHEDULE_LIMITS.intervalMinutes.min,
      max: SYNC_SCHEDULE_LIMITS.intervalMinutes.max,
    });
    expect(SCHEDULE_LIMITS.fullEveryHours).toEqual({
      min: SYNC_SCHEDULE_LIMITS.fullEveryHours.min,
      max: SYNC_SCHEDULE_LIMITS.fullEveryHours.max,
    });
  });

  it('counts organizational units as the unit pickers do, and the groups the sync lists them in as groups', () => {
    const run = progress({ orgUnits: 591, shardsTotal: 71, shardsDone: 40 });
    expect(orgUnitsLine(run, false)).toEqual({ units: '591', groups: 'in 71 groups, 40 listed' });
    expect(orgUnitsLine({ ...run, shardsDone: 71 }, true)).toEqual({
      units: '591',
      groups: 'listed in 71 groups',
    });
    expect(orgUnitsLine(progress({ orgUnits: 1, shardsTotal: 1 }), true)).toEqual({
      units: '1',
      groups: 'listed in 1 group',
    });
    expect(orgUnitsLine(progress({ shardsTotal: 71, shardsDone: 71 }), true)).toEqual({
      units: '—',
      groups: 'listed in 71 groups',
    });
  });
});
