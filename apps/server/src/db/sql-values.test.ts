import { describe, expect, it } from 'vitest';
import { castsTo } from './sql-values.ts';

describe('castsTo', () => {
  it.each([
    ['2026-11-26 10:20:30.123456+00', 'timestamptz'],
    ['2026-11-26T10:20:30.123Z', 'timestamptz'],
    ['2026-02-28 00:00:00', 'timestamptz'],
    ['2024-02-29', 'date'],
    ['123', 'bigint'],
    ['-2147483648', 'int'],
    ['-32768', 'smallint'],
    ['{120,0,6099,235}', 'int[]'],
    ['{-2147483648}', 'int[]'],
    ['{}', 'int[]'],
    ['1.5e3', 'real'],
    ['0', 'real'],
    ['2026-11-26 10:20:30-15:59', 'timestamptz'],
    ['0a1b2c3d-0000-4000-8000-00000000abcd', 'uuid'],
    ['anything at all', 'text'],
  ] as const)('accepts %s as %s', (value, type) => {
    expect(castsTo(value, type)).toBe(true);
  });

  it.each([
    ['not-a-time', 'timestamptz'],
    ['2026-13-45 00:00:00', 'timestamptz'],
    ['2026-11-26 24:00:00', 'timestamptz'],
    ['2026-01-01 00:00:00+99', 'timestamptz'],
    ['2026-11-26 10:20:30+05:99', 'timestamptz'],
    ['1e39', 'real'],
    ['1e-50', 'real'],
    ['2025-02-29', 'date'],
    ['2026-11-26 10:00', 'date'],
    ['12.5', 'bigint'],
    ['99999999999', 'int'],
    ['32768', 'smallint'],
    ['BATTERY_HEALTH_NORMAL', 'smallint'],
    ['120.0.6099.235', 'int[]'],
    ['{120,,1}', 'int[]'],
    ['{2147483648}', 'int[]'],
    ['{1, 2}', 'int[]'],
    ['1e999', 'real'],
    ['NaN', 'real'],
    ['not-a-uuid', 'uuid'],
  ] as const)('refuses %s as %s', (value, type) => {
    expect(castsTo(value, type)).toBe(false);
  });
});
