import { humanizeGoogleValue } from '@fleetdeck/shared/google-values';

/**
 * How a device's values read on screen: relative and absolute times, bytes, the auto-update
 * expiration badge, status tones and Google's enum values in words. Pure, so it is unit-tested.
 */

export type Tone = 'neutral' | 'accent' | 'success' | 'warning' | 'danger';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

const relative = new Intl.RelativeTimeFormat('en-US', { numeric: 'auto' });
const absolute = new Intl.DateTimeFormat('en-US', {
  dateStyle: 'medium',
  timeStyle: 'short',
});
const dateOnly = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone: 'UTC' });
const monthYear = new Intl.DateTimeFormat('en-US', { month: 'short', year: 'numeric', timeZone: 'UTC' });
const number = new Intl.NumberFormat('en-US');

function parse(iso: string | null | undefined): Date | undefined {
  if (!iso) return undefined;
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? undefined : date;
}

/** "just now", "5 minutes ago", "yesterday", "in 3 days"; undefined for a missing or bad time. */
export function formatRelative(iso: string | null | undefined, now = Date.now()): string | undefined {
  const date = parse(iso);
  if (!date) return undefined;
  const delta = date.getTime() - now;
  const abs = Math.abs(delta);
  if (abs < 45_000) return 'just now';
  if (abs < HOUR) return relative.format(Math.round(delta / MINUTE), 'minute');
  if (abs < DAY) return relative.format(Math.round(delta / HOUR), 'hour');
  if (abs < 30 * DAY) return relative.format(Math.round(delta / DAY), 'day');
  if (abs < 365 * DAY) return relative.format(Math.round(delta / (30 * DAY)), 'month');
  return relative.format(Math.round(delta / (365 * DAY)), 'year');
}

/** The exact local time, for tooltips: "Nov 22, 2026, 5:33 AM". */
export function formatAbsolute(iso: string | null | undefined): string | undefined {
  const date = parse(iso);
  return date ? absolute.format(date) : undefined;
}

/** A calendar date (Google's dates carry no meaningful time): "Jun 1, 2029". */
export function formatDate(iso: string | null | undefined): string | undefined {
  const date = parse(iso);
  return date ? dateOnly.format(date) : undefined;
}

/** Thousands separated, "—"-ready (undefined) when missing. */
export function formatCount(value: number | null | undefined): string | undefined {
  return value === null || value === undefined ? undefined : number.format(value);
}

const BYTE_UNITS = ['B', 'KB', 'MB', 'GB', 'TB'] as const;

/** Decimal units, as storage is sold: 31_000_000_000 → "31 GB", 1_250_000 → "1.3 MB". */
export function formatBytes(bytes: number | null | undefined): string | undefined {
  if (bytes === null || bytes === undefined || !Number.isFinite(bytes) || bytes < 0) return undefined;
  let value = bytes;
  let unit = 0;
  while (value >= 1000 && unit < BYTE_UNITS.length - 1) {
    value /= 1000;
    unit += 1;
  }
  const digits = unit === 0 || value >= 100 ? 0 : value >= 10 ? 0 : 1;
  return `${value.toFixed(digits)} ${BYTE_UNITS[unit]}`;
}

export interface AueBadge {
  readonly tone: Tone;
  readonly label: string;
  /** Months until the date (negative once passed). */
  readonly monthsLeft: number;
}

/** Whole calendar months from `now` to `iso` (UTC), rounded down. */
export function monthsUntil(iso: string, now = Date.now()): number {
  const target = new Date(iso);
  const from = new Date(now);
  let months =
    (target.getUTCFullYear() - from.getUTCFullYear()) * 12 + (target.getUTCMonth() - from.getUTCMonth());
  if (target.getUTCDate() < from.getUTCDate()) months -= 1;
  return months;
}

/**
 * The auto-update expiration badge: red once expired, amber within six months, else neutral with
 * the months left. Undefined when Google reports no date.
 */
export function aueBadge(aueDate: string | null | undefined, now = Date.now()): AueBadge | undefined {
  const date = parse(aueDate);
  if (!date || !aueDate) return undefined;
  const when = monthYear.format(date);
  if (date.getTime() <= now) return { tone: 'danger', label: `AUE expired ${when}`, monthsLeft: -1 };
  const monthsLeft = Math.max(0, monthsUntil(aueDate, now));
  const left =
    monthsLeft === 0 ? 'less than a month left' : `${monthsLeft} month${monthsLeft === 1 ? '' : 's'} left`;
  return { tone: monthsLeft < 6 ? 'warning' : 'neutral', label: `AUE ${when} · ${left}`, monthsLeft };
}

const STATUS_TONES: Record<string, Tone> = {
  ACTIVE: 'success',
  PROVISIONED: 'success',
  DISABLED: 'warning',
  DEPROVISIONED: 'danger',
  INACTIVE: 'neutral',
  PRE_PROVISIONED: 'accent',
};

/** The badge tone of a Directory status: active green, disabled amber, deprovisioned red. */
export function statusTone(status: string | null | undefined): Tone {
  return (status && STATUS_TONES[status]) || 'neutral';
}

/** Google's enum values in words (@fleetdeck/shared/google-values); nothing for a missing value. */
export function humanize(value: string | null | undefined): string | undefined {
  return value ? humanizeGoogleValue(value) : undefined;
}

/** Developer mode turns off verified boot; Google reports it as boot mode "Dev". */
export function isDeveloperMode(bootMode: string | null | undefined): boolean {
  return bootMode?.toLowerCase() === 'dev';
}

/** Ends in sight for an OS update state: compliant-looking states are green, the rest amber. */
export function complianceTone(compliance: string | null | undefined): Tone {
  if (!compliance) return 'neutral';
  const value = compliance.toLowerCase();
  if (value.includes('non') || value.includes('not')) return 'warning';
  if (value.includes('compliant') || value.includes('up_to_date') || value.includes('up to date'))
    return 'success';
  return 'neutral';
}

/** Minutes as "3 h 20 min", "45 min", "0 min". */
export function formatMinutes(minutes: number): string {
  const total = Math.max(0, Math.round(minutes));
  const hours = Math.floor(total / 60);
  const rest = total % 60;
  if (hours === 0) return `${rest} min`;
  return rest === 0 ? `${hours} h` : `${hours} h ${rest} min`;
}
