/**
 * What a device looks like at a given instant. A live device checks in on its own period with a
 * seeded phase and jitter, so its last sync, OS version, recent users and samples are pure
 * functions of (seed, device, clock): nothing runs on a timer, an advanced clock simply finds
 * devices further along, and an incremental sync always has new check-ins to find.
 */
import { CHROMEBOOK_MODELS, type ChromebookModel } from './chromebook-models.ts';
import { milestoneOf, releaseIndexAt, releaseTime } from './chromeos-releases.ts';
import { FLAG, PROFILE, STATUS } from './device-table.ts';
import type { Fleet } from './fleet.ts';
import { hash32, hashUnit } from './random.ts';
import { isoDate } from './time-format.ts';

export const MINUTE = 60_000;
export const HOUR = 60 * MINUTE;
export const DAY = 24 * HOUR;
const YEAR = 365.25 * DAY;

/** Salts keep the hashes of different derived values unrelated. */
const SALT = {
  phase: 1,
  jitter: 2,
  delay: 3,
  pin: 4,
  user: 5,
  visitor: 6,
  unmanaged: 7,
  activity: 8,
  day: 9,
  disk: 10,
  cycles: 11,
  ip: 12,
} as const;

export function modelOf(fleet: Fleet, i: number): ChromebookModel {
  return CHROMEBOOK_MODELS[fleet.devices.model[i] ?? 0] as ChromebookModel;
}

/** The MEID/IMEI of a cellular device: 15 digits. */
export function meidOf(fleet: Fleet, i: number): string {
  return String(350_000_000_000_000 + (hash32(fleet.seed, i, 31) % 99_999_999) * 1_000_003);
}

export function isLive(fleet: Fleet, i: number): boolean {
  return !Number.isNaN(fleet.devices.liveFrom[i] ?? Number.NaN);
}

/** Time of check-in number `k` of a live device. */
function checkinTime(fleet: Fleet, i: number, k: number): number {
  const d = fleet.devices;
  const period = (d.syncPeriodMin[i] ?? 60) * MINUTE;
  const base = (d.liveFrom[i] as number) + (hash32(fleet.seed, i, SALT.phase) % period);
  return base + k * period + (hash32(fleet.seed, i, k, SALT.jitter) % Math.floor(period / 4));
}

/**
 * The last device asked about, at which clock reading, with the columns its check-ins derive from:
 * one device's JSON reads its latest check-in a dozen times (etag, last sync, OS version, update
 * status, users, disk, network). Any change to those columns or the clock misses the memo.
 */
const lastCheckin = {
  fleet: undefined as Fleet | undefined,
  devices: undefined as Fleet['devices'] | undefined,
  i: -1,
  now: Number.NaN,
  liveFrom: Number.NaN,
  period: -1,
  syncBase: Number.NaN,
  k: -1,
  synced: Number.NaN,
};

function memoizedCheckin(fleet: Fleet, i: number, now: number): typeof lastCheckin {
  const d = fleet.devices;
  const liveFrom = d.liveFrom[i] ?? Number.NaN;
  const period = d.syncPeriodMin[i] ?? 60;
  const syncBase = d.syncBase[i] ?? Number.NaN;
  const memo = lastCheckin;
  if (
    memo.fleet === fleet &&
    memo.devices === d &&
    memo.i === i &&
    Object.is(memo.now, now) &&
    Object.is(memo.liveFrom, liveFrom) &&
    memo.period === period &&
    Object.is(memo.syncBase, syncBase)
  )
    return memo;
  const k = computeCheckinIndex(fleet, i, now);
  memo.fleet = fleet;
  memo.devices = d;
  memo.i = i;
  memo.now = now;
  memo.liveFrom = liveFrom;
  memo.period = period;
  memo.syncBase = syncBase;
  memo.k = k;
  memo.synced = k < 0 ? syncBase : checkinTime(fleet, i, k);
  return memo;
}

function computeCheckinIndex(fleet: Fleet, i: number, now: number): number {
  if (!isLive(fleet, i)) return -1;
  const d = fleet.devices;
  const period = (d.syncPeriodMin[i] ?? 60) * MINUTE;
  const base = (d.liveFrom[i] as number) + (hash32(fleet.seed, i, SALT.phase) % period);
  if (now < base) return -1;
  let k = Math.floor((now - base) / period);
  if (checkinTime(fleet, i, k) > now) k -= 1;
  return k;
}

/** Number of the device's latest check-in at `now`, or -1 when it is not checking in (yet). */
export function checkinIndex(fleet: Fleet, i: number, now: number): number {
  return memoizedCheckin(fleet, i, now).k;
}

/** Last policy sync at `now`; NaN for a device that never synced (pre-provisioned). */
export function lastSyncAt(fleet: Fleet, i: number, now: number): number {
  return memoizedCheckin(fleet, i, now).synced;
}

/** The first check-in strictly after `now`; undefined for a device that is not checking in. */
export function nextCheckinAfter(fleet: Fleet, i: number, now: number): number | undefined {
  if (!isLive(fleet, i)) return undefined;
  return checkinTime(fleet, i, checkinIndex(fleet, i, now) + 1);
}

/** Stops a device's check-ins, keeping what it last reported (deprovisioning). */
export function freezeCheckins(fleet: Fleet, i: number, now: number): void {
  const d = fleet.devices;
  d.syncBase[i] = lastSyncAt(fleet, i, now);
  d.liveFrom[i] = Number.NaN;
}

/** The newest release the device may run: AUE, the extended-updates opt-in, and pinning cap it. */
function releaseCap(fleet: Fleet, i: number): number {
  const model = modelOf(fleet, i);
  const d = fleet.devices;
  let cap = Number.POSITIVE_INFINITY;
  if (model.aueMs !== undefined) cap = releaseIndexAt(model.aueMs);
  if (model.originalAueMs !== undefined && !d.has(i, FLAG.extendedUpdatesEnabled))
    cap = releaseIndexAt(model.originalAueMs);
  if (d.has(i, FLAG.pinned))
    cap = Math.min(cap, releaseIndexAt(fleet.anchor) - 4 * (2 + (hash32(fleet.seed, i, SALT.pin) % 6)));
  return cap;
}

/** How long after a release this device installs it. */
function adoptDelay(fleet: Fleet, i: number): number {
  if (fleet.devices.has(i, FLAG.betaChannel)) return -6 * DAY;
  return DAY + (hash32(fleet.seed, i, SALT.delay) % (20 * DAY));
}

/** Release index of the OS the device reported at its last sync; NaN when it never synced. */
export function osReleaseIndex(fleet: Fleet, i: number, now: number): number {
  const synced = lastSyncAt(fleet, i, now);
  if (Number.isNaN(synced)) return Number.NaN;
  const factory = releaseIndexAt(fleet.devices.manufactured[i] ?? synced);
  const installed = Math.max(factory, releaseIndexAt(synced - adoptDelay(fleet, i)));
  return Math.min(installed, releaseCap(fleet, i));
}

export type UpdateState = 'upToDate' | 'notStarted' | 'downloading' | 'needReboot';

export interface UpdateProgress {
  state: UpdateState;
  installed: number;
  /** The release the device is moving to (equal to `installed` when up to date). */
  target: number;
  updateTime: number;
  checkTime: number;
  rebootTime: number;
}

/** The OS update state the device reported at its last sync. */
export function updateProgress(fleet: Fleet, i: number, now: number): UpdateProgress | undefined {
  const synced = lastSyncAt(fleet, i, now);
  if (Number.isNaN(synced)) return undefined;
  const installed = osReleaseIndex(fleet, i, now);
  const target = Math.min(releaseIndexAt(synced), releaseCap(fleet, i));
  const installedAt = Math.min(synced, releaseTime(installed) + Math.max(0, adoptDelay(fleet, i)));
  const reboot = fleet.devices.extras.get(i)?.lastRebootAt;
  const rebootTime =
    reboot !== undefined && reboot <= synced
      ? reboot
      : installedAt + (hash32(fleet.seed, i, SALT.day) % HOUR);
  let state: UpdateState = 'upToDate';
  if (installed < target) {
    const fraction = (synced - releaseTime(installed + 1)) / Math.max(HOUR, adoptDelay(fleet, i));
    state = fraction < 0.35 ? 'notStarted' : fraction < 0.7 ? 'downloading' : 'needReboot';
  }
  return {
    state,
    installed,
    target,
    updateTime: installedAt,
    checkTime: synced,
    rebootTime: Math.min(rebootTime, synced),
  };
}

export type Compliance = 'compliant' | 'pending' | 'notCompliant';

/** OS version compliance against the current stable milestone (two or more behind: not compliant). */
export function compliance(fleet: Fleet, i: number, now: number): Compliance | undefined {
  const progress = updateProgress(fleet, i, now);
  if (!progress) return undefined;
  const behind = milestoneOf(releaseIndexAt(now)) - milestoneOf(progress.installed);
  if (behind >= 2) return 'notCompliant';
  return progress.state === 'upToDate' ? 'compliant' : 'pending';
}

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

export interface BatteryState {
  cycleCount: number;
  /** Full charge capacity in percent of design capacity. */
  healthPct: number;
  health: 'BATTERY_HEALTH_NORMAL' | 'BATTERY_REPLACE_SOON' | 'BATTERY_REPLACE_NOW';
}

export function batteryState(fleet: Fleet, i: number, now: number): BatteryState {
  const d = fleet.devices;
  const at = Math.min(now, Number.isNaN(lastSyncAt(fleet, i, now)) ? now : lastSyncAt(fleet, i, now));
  const ageDays = Math.max(0, (at - (d.manufactured[i] ?? at)) / DAY);
  const rate =
    d.profile[i] === PROFILE.kiosk
      ? 0.08
      : d.profile[i] === PROFILE.shared
        ? 0.55
        : 0.3 + hashUnit(fleet.seed, i, SALT.cycles) * 0.35;
  const wear = (d.batteryWear[i] ?? 0) + Math.max(0, (at - fleet.anchor) / YEAR) * 5;
  const healthPct = Math.max(35, Math.round(100 - wear));
  const health =
    healthPct >= 80
      ? 'BATTERY_HEALTH_NORMAL'
      : healthPct >= 60
        ? 'BATTERY_REPLACE_SOON'
        : 'BATTERY_REPLACE_NOW';
  return { cycleCount: Math.round(ageDays * rate), healthPct, health };
}

/** Disk capacity and use, in bytes, as last reported: use creeps up from one sync to the next. */
export function diskUsage(fleet: Fleet, i: number, now: number): { capacity: number; used: number } {
  const capacity = Math.floor(((fleet.devices.storageGb[i] ?? 32) * 1e9 * 0.955) / 512) * 512;
  const synced = lastSyncAt(fleet, i, now);
  const days = Number.isNaN(synced) ? 0 : Math.max(0, (synced - fleet.anchor) / DAY);
  const share = Math.min(0.97, 0.15 + hashUnit(fleet.seed, i, SALT.disk) * 0.6 + days * 0.0005);
  return { capacity, used: Math.floor((capacity * share) / 4096) * 4096 };
}

/** Total RAM as the OS reports it: a little under the installed gigabytes. */
export function systemRamTotal(fleet: Fleet, i: number): number {
  return Math.floor(((fleet.devices.ramGb[i] ?? 4) * 1_073_741_824 * 0.926) / 4096) * 4096;
}

/** LAN address from the school's documentation range (changes daily, like DHCP) and the WAN address. */
export function networkAddresses(
  fleet: Fleet,
  i: number,
  now: number,
): { lan: string; wan: string } | undefined {
  const synced = lastSyncAt(fleet, i, now);
  if (Number.isNaN(synced)) return undefined;
  const school = fleet.schools[fleet.devices.school[i] ?? -1];
  const documentation = (school?.lanNet ?? 1) === 0;
  const host = 2 + (hash32(fleet.seed, i, Math.floor(synced / DAY), SALT.ip) % 250);
  return { lan: lanAddress(documentation, host), wan: wanAddress(school?.wanHost ?? 254) };
}

/** Addresses made once each: remembered strings are flat, fresh template results are ropes. */
const lanAddresses = new Map<number, string>();
const wanAddresses = new Map<number, string>();

function lanAddress(documentation: boolean, host: number): string {
  const key = documentation ? -host - 1 : host;
  let text = lanAddresses.get(key);
  if (text === undefined) {
    text = `${documentation ? '192.0.2' : '198.51.100'}.${host}`;
    if (lanAddresses.size >= 4096) lanAddresses.clear();
    lanAddresses.set(key, text);
  }
  return text;
}

function wanAddress(host: number): string {
  let text = wanAddresses.get(host);
  if (text === undefined) {
    text = `203.0.113.${String(host)}`;
    if (wanAddresses.size >= 4096) wanAddresses.clear();
    wanAddresses.set(host, text);
  }
  return text;
}
