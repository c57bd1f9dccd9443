/**
 * Who used a device and when, as of a clock reading: the recent users of its last sessions, the
 * last user activity and the daily active time, all derived from its seeded check-ins.
 */
import { PROFILE, STATUS } from './device-table.ts';
import { checkinIndex, checkinTime, DAY, HOUR, lastSyncAt, MINUTE, SALT } from './device-life.ts';
import type { Fleet } from './fleet.ts';
import { hash32, hashUnit } from './random.ts';
import { isoDate } from './time-format.ts';

export interface RecentUser {
  email?: string;
  managed: boolean;
}

/** Marks an unmanaged (personal or guest) session in `recentPeople` (-1 means "nobody"). */
export const UNMANAGED_USER = -2;

/**
 * Person numbers of the up to five most recent users, newest first (`UNMANAGED_USER` for a session
 * without a managed account). Kiosks and spares have none; a wipe forgets earlier sessions.
 */
export function recentPeople(fleet: Fleet, i: number, now: number): number[] {
  const d = fleet.devices;
  const profile = d.profile[i];
  if (profile === PROFILE.kiosk || profile === PROFILE.spare || d.status[i] === STATUS.PRE_PROVISIONED)
    return [];
  const wipedAt = d.extras.get(i)?.usersWipedAt ?? Number.NEGATIVE_INFINITY;
  const k = checkinIndex(fleet, i, now);
  const people: number[] = [];
  for (let back = 0; back < 8 && people.length < 5; back++) {
    const session = k - back;
    if (k >= 0 && session < 0) break;
    const at = k < 0 ? (d.syncBase[i] ?? 0) - back * DAY : checkinTime(fleet, i, session);
    if (at <= wipedAt) break;
    const person =
      hashUnit(fleet.seed, i, session, SALT.unmanaged) < 0.015
        ? UNMANAGED_USER
        : sessionUser(fleet, i, session);
    if ((person >= 0 || person === UNMANAGED_USER) && !people.includes(person)) people.push(person);
  }
  return people;
}

/** `recentPeople` as the Directory shows them: managed users with their email, newest first. */
export function recentUsers(
  fleet: Fleet,
  i: number,
  now: number,
  personEmail: (person: number) => string,
): RecentUser[] {
  return recentPeople(fleet, i, now).map((person) =>
    person === UNMANAGED_USER ? { managed: false } : { email: personEmail(person), managed: true },
  );
}

function sessionUser(fleet: Fleet, i: number, session: number): number {
  const d = fleet.devices;
  const school = fleet.schools[d.school[i] ?? -1];
  const primary = d.primaryUser[i] ?? -1;
  const roll = hashUnit(fleet.seed, i, session, SALT.visitor);
  const pick = hash32(fleet.seed, i, session, SALT.user);
  if (d.profile[i] === PROFILE.shared)
    return school ? school.studentStart + (pick % school.studentCount) : primary;
  if (roll < 0.06 && school) {
    return d.profile[i] === PROFILE.staff
      ? school.staffStart + (pick % school.staffCount)
      : school.studentStart + (pick % school.studentCount);
  }
  return primary;
}

/** Last time a user was active on the device; NaN for kiosks, spares and devices without users. */
export function lastUserActivity(fleet: Fleet, i: number, now: number): number {
  const profile = fleet.devices.profile[i];
  if (profile === PROFILE.kiosk || profile === PROFILE.spare) return Number.NaN;
  const synced = lastSyncAt(fleet, i, now);
  if (Number.isNaN(synced)) return Number.NaN;
  const wiped = fleet.devices.extras.get(i)?.usersWipedAt;
  if (wiped !== undefined && wiped >= synced) return Number.NaN;
  return synced - (hash32(fleet.seed, i, checkinIndex(fleet, i, now), SALT.activity) % (30 * MINUTE));
}

/** Daily active time for the seven days up to the last sync, oldest first. */
export function activeTimeRanges(
  fleet: Fleet,
  i: number,
  now: number,
): { date: string; activeTime: number }[] {
  const d = fleet.devices;
  const profile = d.profile[i];
  const synced = lastSyncAt(fleet, i, now);
  if (profile === PROFILE.spare || Number.isNaN(synced)) return [];
  const lastDay = Math.floor(synced / DAY);
  const firstDay = Math.max(lastDay - 6, Math.ceil((d.lastEnrolled[i] ?? synced) / DAY));
  const out: { date: string; activeTime: number }[] = [];
  for (let day = firstDay; day <= lastDay; day++) {
    const weekday = (day + 4) % 7; // 1970-01-01 was a Thursday
    const weekend = weekday === 0 || weekday === 6;
    const chance = profile === PROFILE.kiosk ? (weekend ? 0.1 : 0.95) : weekend ? 0.3 : 0.85;
    const roll = hashUnit(fleet.seed, i, day, SALT.day);
    if (roll >= chance) continue;
    const hours = profile === PROFILE.kiosk ? 7 + roll * 3 : 0.5 + (roll / chance) * 5.5;
    out.push({ date: isoDate(day * DAY), activeTime: Math.round(hours * HOUR) });
  }
  return out;
}
