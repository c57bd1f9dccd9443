import type { ChromeOsDevice } from '@fleetdeck/google/directory/chromeos-device.schema';
import type { DeviceDetail } from '@fleetdeck/shared/device-contract';

/**
 * Google's `activeTimeRanges` lists only the days a device was used. The device page charts every
 * day and averages over them, so a day Google leaves out between two it reports is a day at zero.
 */

const DAY_MS = 86_400_000;
/** Days kept, ending on the last reported one: bounds the answer if Google reports a stray old date. */
export const MAX_ACTIVE_DAYS = 366;
const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/** The day number (days since 1970-01-01) of a `YYYY-MM-DD` date, or undefined if it is not one. */
function dayNumber(date: string | undefined): number | undefined {
  if (date === undefined || !ISO_DATE.test(date)) return undefined;
  const time = Date.parse(`${date}T00:00:00Z`);
  if (Number.isNaN(time) || new Date(time).toISOString().slice(0, 10) !== date) return undefined;
  return time / DAY_MS;
}

/** Why: one entry per day from the first day Google reports to the last, unused days at zero. */
export function dailyActiveTime(
  ranges: ChromeOsDevice['activeTimeRanges'],
): DeviceDetail['device']['activeTime'] {
  const msByDay = new Map<number, number>();
  for (const range of ranges ?? []) {
    const day = dayNumber(range.date);
    if (day !== undefined) msByDay.set(day, (msByDay.get(day) ?? 0) + Math.max(0, range.activeTime ?? 0));
  }
  if (msByDay.size === 0) return [];
  const days = [...msByDay.keys()];
  const last = Math.max(...days);
  const first = Math.max(Math.min(...days), last - MAX_ACTIVE_DAYS + 1);
  return Array.from({ length: last - first + 1 }, (_, i) => ({
    date: new Date((first + i) * DAY_MS).toISOString().slice(0, 10),
    activeMinutes: Math.round((msByDay.get(first + i) ?? 0) / 60_000),
  }));
}
