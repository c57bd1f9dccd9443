/**
 * A device's reported hardware as of a clock reading: battery wear, disk use, RAM and network
 * addresses, derived from its seeded facts and its last sync.
 */
import { PROFILE } from './device-table.ts';
import { DAY, lastSyncAt, SALT } from './device-life.ts';
import type { Fleet } from './fleet.ts';
import { hash32, hashUnit } from './random.ts';

const YEAR = 365.25 * DAY;

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
