/**
 * What a device looks like at a given instant. A live device checks in on its own period with a
 * seeded phase and jitter, so its last sync, OS version, recent users and samples are pure
 * functions of (seed, device, clock): nothing runs on a timer, an advanced clock simply finds
 * devices further along, and an incremental sync always has new check-ins to find.
 */
import { CHROMEBOOK_MODELS, type ChromebookModel } from './chromebook-models.ts';
import { milestoneOf, releaseIndexAt, releaseTime } from './chromeos-releases.ts';
import { FLAG } from './device-table.ts';
import type { Fleet } from './fleet.ts';
import { hash32 } from './random.ts';

export const MINUTE = 60_000;
export const HOUR = 60 * MINUTE;
export const DAY = 24 * HOUR;

/** Salts keep the hashes of different derived values unrelated. */
export const SALT = {
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
export function checkinTime(fleet: Fleet, i: number, k: number): number {
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
