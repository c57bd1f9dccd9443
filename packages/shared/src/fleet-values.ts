import type { FleetColumn, FleetColumnKind } from './fleet-columns.ts';
import { humanizeGoogleValue } from './google-values.ts';

/**
 * How a fleet value reads to a person, the same in the table and in a CSV export: Google's enums
 * in words, byte sizes in KB–TB, calendar days as "Jun 1, 2029". A CSV keeps the stored value too,
 * in a twin column after each formatted one, for scripts. Zod-free: the browser imports it.
 */

const count = /* @__PURE__ */ new Intl.NumberFormat('en-US');
const calendarDate = /* @__PURE__ */ new Intl.DateTimeFormat('en-US', {
  dateStyle: 'medium',
  timeZone: 'UTC',
});
const utcDateTime = /* @__PURE__ */ new Intl.DateTimeFormat('en-US', {
  dateStyle: 'medium',
  timeStyle: 'short',
  timeZone: 'UTC',
});

/** 1536 → "1.5 KB"; binary units as ChromeOS shows them. */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  const units = ['KB', 'MB', 'GB', 'TB'];
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${value >= 100 ? Math.round(value) : value.toFixed(1).replace(/\.0$/, '')} ${units[unit]}`;
}

/** Dates without time (AUE, manufacture) are calendar days: read in UTC so they never shift a day. */
export function formatCalendarDate(iso: string): string {
  const time = Date.parse(iso);
  return Number.isNaN(time) ? iso : calendarDate.format(time);
}

/** What the twin column of a formatted kind is called after its label, e.g. "Storage free (bytes)". */
const RAW_SUFFIX: Record<FleetColumnKind, string | null> = {
  text: null,
  enum: 'Google value',
  date: 'ISO 8601',
  datetime: 'UTC, ISO 8601',
  bytes: 'bytes',
  percent: 'number',
  number: 'number',
};

/** The header of a column's raw twin in a CSV, or null for a column written as stored. */
export function rawColumnLabel(column: Pick<FleetColumn, 'label' | 'kind'>): string | null {
  const suffix = RAW_SUFFIX[column.kind];
  return suffix === null ? null : `${column.label} (${suffix})`;
}

/**
 * Why: a value as the table shows it, for a file a person reads. A time is absolute (a file is
 * read later, so "3 days ago" would go stale) and in UTC, said so.
 */
export function readableFleetValue(column: Pick<FleetColumn, 'kind'>, raw: string): string {
  switch (column.kind) {
    case 'enum':
      return humanizeGoogleValue(raw);
    case 'date':
      return formatCalendarDate(raw);
    case 'datetime': {
      const time = Date.parse(raw);
      // ICU puts a narrow no-break space before AM/PM: a plain one reads the same in any editor.
      return Number.isNaN(time) ? raw : `${utcDateTime.format(time).replace(/\u202f/g, ' ')} UTC`;
    }
    case 'bytes':
      return Number.isFinite(Number(raw)) ? formatBytes(Number(raw)) : raw;
    case 'percent':
      return Number.isFinite(Number(raw)) ? `${Math.round(Number(raw))} %` : raw;
    case 'number':
      return Number.isFinite(Number(raw)) ? count.format(Number(raw)) : raw;
    case 'text':
      return raw;
  }
}
