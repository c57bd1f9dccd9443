/**
 * How fleet values read in the table: relative times with the absolute one for tooltips, human
 * byte sizes, and the auto-update expiration's urgency.
 */

const number = new Intl.NumberFormat('en-US');
const relative = new Intl.RelativeTimeFormat('en-US', { numeric: 'auto' });
const absoluteDateTime = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });

export function formatCount(value: number): string {
  return number.format(value);
}

const UNITS: readonly [Intl.RelativeTimeFormatUnit, number][] = [
  ['year', 365 * 86_400_000],
  ['month', 30 * 86_400_000],
  ['week', 7 * 86_400_000],
  ['day', 86_400_000],
  ['hour', 3_600_000],
  ['minute', 60_000],
];

/** "3 days ago", "in 2 months", "just now". */
export function formatRelative(iso: string, now: number = Date.now()): string {
  const time = Date.parse(iso);
  if (Number.isNaN(time)) return iso;
  const diff = time - now;
  const abs = Math.abs(diff);
  if (abs < 45_000) return 'just now';
  for (const [unit, ms] of UNITS) {
    if (abs >= ms || unit === 'minute') return relative.format(Math.round(diff / ms), unit);
  }
  return relative.format(0, 'minute');
}

export function formatDateTime(iso: string): string {
  const time = Date.parse(iso);
  return Number.isNaN(time) ? iso : absoluteDateTime.format(time);
}

// One formatting of calendar days and sizes for the table and the CSV export (fleet-values.ts).
export { formatBytes, formatCalendarDate as formatDate } from '@fleetdeck/shared/fleet-values';

export type AueUrgency = 'expired' | 'soon' | 'ok';

const SIX_MONTHS_MS = 182 * 86_400_000;

/** Expired: past; soon: within six months; otherwise ok. */
export function aueUrgency(iso: string, now: number = Date.now()): AueUrgency {
  const time = Date.parse(iso);
  if (Number.isNaN(time) || time - now > SIX_MONTHS_MS) return 'ok';
  return time <= now ? 'expired' : 'soon';
}
