import { describe, expect, it } from 'vitest';
import {
  aueBadge,
  complianceTone,
  formatBytes,
  formatMinutes,
  formatRelative,
  humanize,
  isDeveloperMode,
  monthsUntil,
  statusTone,
} from './format.ts';

const NOW = Date.parse('2026-11-22T05:30:00Z');

describe('device formatting', () => {
  it('says times relative to now', () => {
    expect(formatRelative('2026-11-22T05:29:50Z', NOW)).toBe('just now');
    expect(formatRelative('2026-11-22T05:25:00Z', NOW)).toBe('5 minutes ago');
    expect(formatRelative('2026-11-21T05:30:00Z', NOW)).toBe('yesterday');
    expect(formatRelative('2026-11-25T05:30:00Z', NOW)).toBe('in 3 days');
    expect(formatRelative('2024-11-22T05:30:00Z', NOW)).toBe('2 years ago');
    expect(formatRelative(null, NOW)).toBeUndefined();
    expect(formatRelative('not a date', NOW)).toBeUndefined();
  });

  it('formats bytes in decimal units', () => {
    expect(formatBytes(0)).toBe('0 B');
    expect(formatBytes(999)).toBe('999 B');
    expect(formatBytes(1_250_000)).toBe('1.3 MB');
    expect(formatBytes(31_000_000_000)).toBe('31 GB');
    expect(formatBytes(128_000_000_000)).toBe('128 GB');
    expect(formatBytes(null)).toBeUndefined();
    expect(formatBytes(-1)).toBeUndefined();
  });

  it('counts whole months to a date', () => {
    expect(monthsUntil('2027-05-21T00:00:00Z', NOW)).toBe(5);
    expect(monthsUntil('2027-05-22T00:00:00Z', NOW)).toBe(6);
    expect(monthsUntil('2026-12-01T00:00:00Z', NOW)).toBe(0);
  });

  it('colours the AUE badge: expired red, under six months amber, else neutral', () => {
    expect(aueBadge('2025-06-01', NOW)).toMatchObject({ tone: 'danger', label: 'AUE expired Jun 2025' });
    expect(aueBadge('2027-03-01', NOW)).toMatchObject({ tone: 'warning', monthsLeft: 3 });
    expect(aueBadge('2027-03-01', NOW)?.label).toBe('AUE Mar 2027 · 3 months left');
    expect(aueBadge('2026-12-01', NOW)?.label).toBe('AUE Dec 2026 · less than a month left');
    expect(aueBadge('2029-06-01', NOW)).toMatchObject({ tone: 'neutral', monthsLeft: 30 });
    expect(aueBadge(null, NOW)).toBeUndefined();
  });

  it('reads Google values in words and flags developer mode', () => {
    expect(humanize('UPDATE_REQUIRED')).toBe('Update required');
    expect(humanize('Verified')).toBe('Verified');
    expect(humanize('OS_UP_TO_DATE')).toBe('OS up to date');
    expect(humanize('CHROME_OS')).toBe('ChromeOS');
    // Google's camelCase values.
    expect(humanize('notCompliant')).toBe('Not compliant');
    expect(humanize('chromeOs')).toBe('ChromeOS');
    expect(humanize('chromeOsFlex')).toBe('ChromeOS Flex');
    expect(humanize('educationUpgrade')).toBe('Education upgrade');
    expect(humanize('updateStateNeedReboot')).toBe('Need reboot');
    expect(humanize('compliant')).toBe('Compliant');
    expect(humanize('tom@example.edu')).toBe('tom@example.edu');
    expect(humanize('BATTERY_HEALTH_NORMAL')).toBe('Normal');
    expect(isDeveloperMode('Dev')).toBe(true);
    expect(isDeveloperMode('Verified')).toBe(false);
    expect(statusTone('DEPROVISIONED')).toBe('danger');
    expect(statusTone('SOMETHING')).toBe('neutral');
    expect(complianceTone('COMPLIANT')).toBe('success');
    expect(complianceTone('NON_COMPLIANT')).toBe('warning');
    expect(formatMinutes(200)).toBe('3 h 20 min');
    expect(formatMinutes(45)).toBe('45 min');
    expect(formatMinutes(120)).toBe('2 h');
  });
});
