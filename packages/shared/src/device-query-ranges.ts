/**
 * Ranges in query values: dates and instants (`2024-01-01..2024-02-01`), relative spans (`30d`),
 * byte sizes with units and size classes (`ram:4GB`), and free-storage shares (`..10%`). Each
 * parser answers a typed value or an error message.
 */
import type { DeviceQueryValue, DurationUnit } from './device-query-ast.ts';

const DAY_MS = 86_400_000;

function pad(n: number, width = 2): string {
  return String(n).padStart(width, '0');
}

interface ParsedInstant {
  /** The instant or day as ISO text. */
  iso: string;
  /** The instant just after it (next day, next second), ISO. */
  after: string;
  dateOnly: boolean;
}

const DATE_PATTERN = /^(\d{4})-(\d{1,2})-(\d{1,2})(?:[T ](\d{1,2}):(\d{2})(?::(\d{2}))?Z?)?$/;

function parseInstant(text: string): ParsedInstant | null {
  const match = DATE_PATTERN.exec(text);
  if (!match) return null;
  const [, ys, ms, ds, hs, mins, ss] = match;
  const year = Number(ys);
  const month = Number(ms);
  const day = Number(ds);
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day)
    return null;
  if (hs === undefined) {
    const next = new Date(date.getTime() + DAY_MS);
    return { iso: isoDate(date), after: isoDate(next), dateOnly: true };
  }
  const hour = Number(hs);
  const minute = Number(mins);
  const second = ss === undefined ? 0 : Number(ss);
  if (hour > 23 || minute > 59 || second > 59) return null;
  const instant = new Date(Date.UTC(year, month - 1, day, hour, minute, second));
  return {
    iso: isoInstant(instant),
    after: isoInstant(new Date(instant.getTime() + (ss === undefined ? 60_000 : 1000))),
    dateOnly: false,
  };
}

function isoDate(date: Date): string {
  return `${pad(date.getUTCFullYear(), 4)}-${pad(date.getUTCMonth() + 1)}-${pad(date.getUTCDate())}`;
}

function isoInstant(date: Date): string {
  return `${isoDate(date)}T${pad(date.getUTCHours())}:${pad(date.getUTCMinutes())}:${pad(date.getUTCSeconds())}Z`;
}

function splitRange(text: string): [string, string] | null {
  const at = text.indexOf('..');
  if (at < 0) return null;
  return [text.slice(0, at), text.slice(at + 2)];
}

export function parseDateRange(text: string): DeviceQueryValue | string {
  const range = splitRange(text);
  if (range === null) {
    const one = parseInstant(text);
    if (!one) return `Invalid date "${text}"`;
    return { kind: 'dateRange', gte: one.iso, lt: one.after };
  }
  const [lo, hi] = range;
  if (lo === '' && hi === '') return `Empty range ".."`;
  const from = lo === '' ? null : parseInstant(lo);
  const to = hi === '' ? null : parseInstant(hi);
  if (lo !== '' && !from) return `Invalid date "${lo}"`;
  if (hi !== '' && !to) return `Invalid date "${hi}"`;
  if (from && to && from.iso > to.iso && compareInstants(from.iso, to.iso) > 0) {
    return `Invalid range "${text}": ${lo} is after ${hi}`;
  }
  return { kind: 'dateRange', gte: from?.iso ?? null, lt: to?.after ?? null };
}

function compareInstants(a: string, b: string): number {
  const ta = Date.parse(a.length === 10 ? `${a}T00:00:00Z` : a);
  const tb = Date.parse(b.length === 10 ? `${b}T00:00:00Z` : b);
  return ta - tb;
}

const DURATION = /^(\d{1,4})([dwmy])$/i;

export function parseDuration(text: string): { amount: number; unit: DurationUnit } | null {
  const match = DURATION.exec(text);
  if (!match) return null;
  const amount = Number(match[1]);
  if (amount <= 0) return null;
  return { amount, unit: (match[2] as string).toLowerCase() as DurationUnit };
}

const BYTE_UNITS: Readonly<Record<string, number>> = {
  '': 1,
  b: 1,
  kb: 1024,
  k: 1024,
  mb: 1024 ** 2,
  m: 1024 ** 2,
  gb: 1024 ** 3,
  g: 1024 ** 3,
  tb: 1024 ** 4,
  t: 1024 ** 4,
  kib: 1024,
  mib: 1024 ** 2,
  gib: 1024 ** 3,
  tib: 1024 ** 4,
};

function parseBytes(text: string): number | null {
  const match = /^(\d+(?:\.\d+)?)\s*([a-z]*)$/i.exec(text);
  if (!match) return null;
  const unitName = (match[2] as string).toLowerCase();
  const unit = Object.hasOwn(BYTE_UNITS, unitName) ? BYTE_UNITS[unitName] : undefined;
  if (unit === undefined) return null;
  const value = Math.round(Number(match[1]) * unit);
  return Number.isSafeInteger(value) ? value : null;
}

/**
 * A size as sold: a "4 GB" Chromebook reports 3,977,138,176 bytes of memory and a "32 GB" one
 * 30,560,000,000 bytes of storage, always a little under the label. So one size with a unit
 * (`ram:4GB`) matches from 85 % to 105 % of it (no two common sizes overlap); a bare number of bytes
 * stays exact.
 */
const SIZE_CLASS = { below: 0.85, above: 1.05 } as const;

export function parseByteRange(text: string, sizeClass = false): DeviceQueryValue | string {
  const range = splitRange(text);
  if (range === null) {
    const one = parseBytes(text);
    if (one === null) return `Invalid number "${text}"`;
    if (sizeClass && /[kmgt]i?b?$/i.test(text)) {
      return {
        kind: 'numberRange',
        gte: Math.floor(one * SIZE_CLASS.below),
        lte: Math.ceil(one * SIZE_CLASS.above),
      };
    }
    return { kind: 'numberRange', gte: one, lte: one };
  }
  const [lo, hi] = range;
  if (lo === '' && hi === '') return `Empty range ".."`;
  const min = lo === '' ? null : parseBytes(lo);
  const max = hi === '' ? null : parseBytes(hi);
  if (lo !== '' && min === null) return `Invalid number "${lo}"`;
  if (hi !== '' && max === null) return `Invalid number "${hi}"`;
  if (min !== null && max !== null && min > max) return `Invalid range "${text}": ${lo} is more than ${hi}`;
  return { kind: 'numberRange', gte: min, lte: max };
}

function parsePercent(text: string): number | null {
  const match = /^(\d{1,3}(?:\.\d+)?)%$/.exec(text);
  if (!match) return null;
  const value = Number(match[1]);
  return value <= 100 ? value : null;
}

export function parseStorageFree(text: string): DeviceQueryValue | string {
  if (!text.includes('%')) return parseByteRange(text);
  const range = splitRange(text);
  if (range === null) return `Use a range for a share, e.g. "..10%"`;
  const [lo, hi] = range;
  if (lo === '' && hi === '') return `Empty range ".."`;
  const min = lo === '' ? null : parsePercent(lo);
  const max = hi === '' ? null : parsePercent(hi);
  if (lo !== '' && min === null) return `Invalid percentage "${lo}"`;
  if (hi !== '' && max === null) return `Invalid percentage "${hi}"`;
  if (min !== null && max !== null && min > max) return `Invalid range "${text}": ${lo} is more than ${hi}`;
  return { kind: 'percentRange', gte: min, lt: max };
}
