import { describe, expect, it } from 'vitest';
import { aueUrgency, formatBytes, formatDate, formatRelative } from './format.ts';

const now = Date.parse('2026-11-22T12:00:00Z');

describe('fleet formatting', () => {
  it('says times relative to now', () => {
    expect(formatRelative('2026-11-22T11:59:40Z', now)).toBe('just now');
    expect(formatRelative('2026-11-22T11:55:00Z', now)).toBe('5 minutes ago');
    expect(formatRelative('2026-11-19T12:00:00Z', now)).toBe('3 days ago');
    expect(formatRelative('2026-11-21T12:00:00Z', now)).toBe('yesterday');
    expect(formatRelative('2027-02-22T12:00:00Z', now)).toBe('in 3 months');
    expect(formatRelative('not a date', now)).toBe('not a date');
  });

  it('shows calendar dates without shifting the day', () => {
    expect(formatDate('2027-06-01')).toBe('Jun 1, 2027');
  });

  it('writes byte sizes in binary units', () => {
    expect(formatBytes(512)).toBe('512 B');
    expect(formatBytes(1536)).toBe('1.5 KB');
    expect(formatBytes(32 * 1024 ** 3)).toBe('32 GB');
    expect(formatBytes(128 * 1024 ** 3)).toBe('128 GB');
  });

  it('marks AUE dates as expired, soon (within six months) or fine', () => {
    expect(aueUrgency('2026-06-01', now)).toBe('expired');
    expect(aueUrgency('2027-03-01', now)).toBe('soon');
    expect(aueUrgency('2028-01-01', now)).toBe('ok');
  });
});
