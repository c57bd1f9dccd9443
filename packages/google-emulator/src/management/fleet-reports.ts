/**
 * The Chrome Management device reports a fleet console shows (reference §2.5–2.6), computed over
 * the device table at a clock reading. Reports count devices directly in the given OU (no
 * sub-OUs), or the whole customer when no OU is given; only provisioned (ACTIVE) devices count.
 */
import { PLATFORMS } from '../state/chromebook-models.ts';
import { chromeVersion, platformNumber } from '../state/chromeos-releases.ts';
import {
  compliance,
  DAY,
  lastSyncAt,
  modelOf,
  osReleaseIndex,
  updateProgress,
} from '../state/device-life.ts';
import { lastUserActivity } from '../state/device-users.ts';
import { FLAG, STATUS } from '../state/device-table.ts';
import type { EmulatorState } from '../state/emulator-state.ts';

/** "No recent" in the needs-attention report means 28 days. */
export const NO_RECENT_MS = 28 * DAY;

const MONTHS = [
  'JANUARY',
  'FEBRUARY',
  'MARCH',
  'APRIL',
  'MAY',
  'JUNE',
  'JULY',
  'AUGUST',
  'SEPTEMBER',
  'OCTOBER',
  'NOVEMBER',
  'DECEMBER',
] as const;

/** Calls `visit` for each provisioned device in scope. */
function eachDevice(state: EmulatorState, ouSlot: number | undefined, visit: (row: number) => void): void {
  const d = state.fleet.devices;
  for (let row = 0; row < d.count; row++) {
    if (d.status[row] !== STATUS.ACTIVE) continue;
    if (ouSlot !== undefined && d.ouSlot[row] !== ouSlot) continue;
    visit(row);
  }
}

export function aueCounts(state: EmulatorState, ouSlot: number | undefined, min?: number, max?: number) {
  const now = state.now();
  const groups = new Map<string, { model: string; aue: number; count: number }>();
  eachDevice(state, ouSlot, (row) => {
    const model = modelOf(state.fleet, row);
    if (model.aueMs === undefined) return;
    const expired = model.aueMs < now;
    if (!expired && ((min !== undefined && model.aueMs < min) || (max !== undefined && model.aueMs > max)))
      return;
    const key = `${model.apiModel}|${expired ? 'expired' : model.aueMs}`;
    const group = groups.get(key) ?? {
      model: model.apiModel,
      aue: expired ? Number.NEGATIVE_INFINITY : model.aueMs,
      count: 0,
    };
    group.count++;
    groups.set(key, group);
  });
  const reports = [...groups.values()]
    .sort((a, b) => a.aue - b.aue || a.model.localeCompare(b.model))
    .map((g) => {
      if (!Number.isFinite(g.aue)) return { model: g.model, count: String(g.count), expired: true };
      // The AUE instant is midnight US-Pacific, still the month's last day in UTC.
      const date = new Date(g.aue);
      return {
        model: g.model,
        count: String(g.count),
        aueMonth: MONTHS[date.getUTCMonth()],
        aueYear: String(date.getUTCFullYear()),
      };
    });
  return reports.length ? { deviceAueCountReports: reports } : {};
}

export const ATTENTION_FIELDS = [
  'noRecentPolicySyncCount',
  'noRecentUserActivityCount',
  'osVersionNotCompliantCount',
  'pendingUpdate',
  'unsupportedPolicyCount',
] as const;

export function needsAttention(
  state: EmulatorState,
  ouSlot: number | undefined,
  fields: ReadonlySet<string>,
) {
  const fleet = state.fleet;
  const now = state.now();
  const counts = {
    noRecentPolicySyncCount: 0,
    noRecentUserActivityCount: 0,
    osVersionNotCompliantCount: 0,
    pendingUpdate: 0,
    unsupportedPolicyCount: 0,
  };
  eachDevice(state, ouSlot, (row) => {
    if (!(lastSyncAt(fleet, row, now) > now - NO_RECENT_MS)) counts.noRecentPolicySyncCount++;
    if (!(lastUserActivity(fleet, row, now) > now - NO_RECENT_MS)) counts.noRecentUserActivityCount++;
    if (compliance(fleet, row, now) === 'notCompliant') counts.osVersionNotCompliantCount++;
    const progress = updateProgress(fleet, row, now);
    if (progress && progress.state !== 'upToDate') counts.pendingUpdate++;
    if (fleet.devices.has(row, FLAG.unsupportedPolicy)) counts.unsupportedPolicyCount++;
  });
  return Object.fromEntries(ATTENTION_FIELDS.filter((f) => fields.has(f)).map((f) => [f, String(counts[f])]));
}

export const HARDWARE_FIELDS = ['modelReports', 'cpuReports', 'memoryReports', 'storageReports'] as const;

export function hardwareFleet(state: EmulatorState, ouSlot: number | undefined, fields: ReadonlySet<string>) {
  const fleet = state.fleet;
  const d = fleet.devices;
  const buckets = Object.fromEntries(HARDWARE_FIELDS.map((f) => [f, new Map<string, number>()])) as Record<
    (typeof HARDWARE_FIELDS)[number],
    Map<string, number>
  >;
  const bump = (map: Map<string, number>, key: string) => map.set(key, (map.get(key) ?? 0) + 1);
  eachDevice(state, ouSlot, (row) => {
    const model = modelOf(fleet, row);
    bump(buckets.modelReports, model.apiModel);
    bump(buckets.cpuReports, PLATFORMS[model.family].cpuModel);
    bump(buckets.memoryReports, String(d.ramGb[row]));
    bump(buckets.storageReports, String(d.storageGb[row]));
  });
  const out: Record<string, { bucket: string; count: string }[]> = {};
  for (const field of HARDWARE_FIELDS) {
    if (!fields.has(field)) continue;
    out[field] = [...buckets[field]]
      .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
      .map(([bucket, count]) => ({ bucket, count: String(count) }));
  }
  return out;
}

export interface VersionCount {
  version: string;
  count: string;
  channel: 'STABLE' | 'BETA';
  system: 'SYSTEM_CROS';
  deviceOsVersion: string;
}

/** Chrome versions in use, most devices first; `activeFrom`/`activeTo` filter on last activity. */
export function chromeVersions(
  state: EmulatorState,
  ouSlot: number | undefined,
  activeFrom?: number,
  activeTo?: number,
): VersionCount[] {
  const fleet = state.fleet;
  const now = state.now();
  const groups = new Map<string, VersionCount & { n: number }>();
  eachDevice(state, ouSlot, (row) => {
    const synced = lastSyncAt(fleet, row, now);
    if (Number.isNaN(synced)) return;
    if ((activeFrom !== undefined && synced < activeFrom) || (activeTo !== undefined && synced >= activeTo))
      return;
    const release = osReleaseIndex(fleet, row, now);
    const channel = fleet.devices.has(row, FLAG.betaChannel) ? 'BETA' : 'STABLE';
    const key = `${release}|${channel}`;
    const group = groups.get(key) ?? {
      version: chromeVersion(release),
      count: '0',
      channel,
      system: 'SYSTEM_CROS' as const,
      deviceOsVersion: platformNumber(release),
      n: 0,
    };
    group.n++;
    groups.set(key, group);
  });
  return [...groups.values()]
    .sort((a, b) => b.n - a.n || b.version.localeCompare(a.version))
    .map(({ n, ...rest }) => ({ ...rest, count: String(n) }));
}

/** Devices that checked in during the 7 and 30 days ending with `dayEnd`. */
export function activeDevices(state: EmulatorState, dayEnd: number) {
  const fleet = state.fleet;
  let seven = 0;
  let thirty = 0;
  eachDevice(state, undefined, (row) => {
    const synced = lastSyncAt(fleet, row, Math.min(dayEnd, state.now()));
    if (synced > dayEnd - 7 * DAY) seven++;
    if (synced > dayEnd - 30 * DAY) thirty++;
  });
  return { sevenDaysCount: String(seven), thirtyDaysCount: String(thirty) };
}

export function bootTypes(state: EmulatorState) {
  const d = state.fleet.devices;
  let dev = 0;
  let verified = 0;
  let unreported = 0;
  eachDevice(state, undefined, (row) => {
    if (Number.isNaN(lastSyncAt(state.fleet, row, state.now()))) unreported++;
    else if (d.has(row, FLAG.devMode)) dev++;
    else verified++;
  });
  return {
    devBootTypeCount: String(dev),
    unreportedBootTypeCount: String(unreported),
    verifiedBootTypeCount: String(verified),
  };
}

export function releaseChannels(state: EmulatorState) {
  let beta = 0;
  let stable = 0;
  eachDevice(state, undefined, (row) => {
    if (state.fleet.devices.has(row, FLAG.betaChannel)) beta++;
    else stable++;
  });
  return {
    betaChannelCount: String(beta),
    canaryChannelCount: '0',
    devChannelCount: '0',
    ltcChannelCount: '0',
    ltsChannelCount: '0',
    stableChannelCount: String(stable),
    unreportedChannelCount: '0',
    unsupportedChannelCount: '0',
  };
}
