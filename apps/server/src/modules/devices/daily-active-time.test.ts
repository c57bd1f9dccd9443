import { describe, expect, it } from 'vitest';
import { dailyActiveTime, MAX_ACTIVE_DAYS } from './daily-active-time.ts';

const HOUR = 3_600_000;

describe('daily active time', () => {
  it('shows the days Google leaves out between reported ones as zero, oldest first', () => {
    const days = dailyActiveTime([
      { date: '2026-11-27', activeTime: 4 * HOUR },
      { date: '2026-11-23', activeTime: HOUR },
      { date: '2026-11-25', activeTime: 90 * 60_000 },
      { date: '2026-11-26', activeTime: 2 * HOUR },
    ]);
    expect(days).toEqual([
      { date: '2026-11-23', activeMinutes: 60 },
      { date: '2026-11-24', activeMinutes: 0 },
      { date: '2026-11-25', activeMinutes: 90 },
      { date: '2026-11-26', activeMinutes: 120 },
      { date: '2026-11-27', activeMinutes: 240 },
    ]);
  });

  it('crosses month and leap-day boundaries', () => {
    const days = dailyActiveTime([
      { date: '2028-02-27', activeTime: HOUR },
      { date: '2028-03-01', activeTime: HOUR },
    ]);
    expect(days.map((day) => day.date)).toEqual(['2028-02-27', '2028-02-28', '2028-02-29', '2028-03-01']);
  });

  it('adds up a day reported twice and skips ranges without a real date', () => {
    expect(
      dailyActiveTime([
        { date: '2026-03-01', activeTime: HOUR },
        { date: '2026-03-01', activeTime: 30 * 60_000 },
        { activeTime: HOUR },
        { date: '2026-02-30', activeTime: HOUR },
        { date: 'yesterday', activeTime: HOUR },
        { date: '2026-03-02' },
      ]),
    ).toEqual([
      { date: '2026-03-01', activeMinutes: 90 },
      { date: '2026-03-02', activeMinutes: 0 },
    ]);
    expect(dailyActiveTime(undefined)).toEqual([]);
    expect(dailyActiveTime([{ activeTime: HOUR }])).toEqual([]);
  });

  it('keeps a bounded number of days, ending on the last reported one', () => {
    const days = dailyActiveTime([
      { date: '1999-01-01', activeTime: HOUR },
      { date: '2026-11-27', activeTime: HOUR },
    ]);
    expect(days).toHaveLength(MAX_ACTIVE_DAYS);
    expect(days.at(-1)).toEqual({ date: '2026-11-27', activeMinutes: 60 });
  });
});
