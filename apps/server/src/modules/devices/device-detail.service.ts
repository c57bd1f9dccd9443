import type { ChromeOsDevice } from '@fleetdeck/google/directory/chromeos-device.schema';
import type { DeviceDetail, TelemetrySample } from '@fleetdeck/shared/device-contract';
import { roleCan } from '@fleetdeck/shared/permissions';
import type { DeviceDeps } from './device-context.ts';
import { presentDetailDevice } from './device-presenter.ts';
import { requireDevice, type DeviceTenant, type StoredDevice } from './device-tenant.ts';

/**
 * The device page's read model: our copy of the device, what the caller may do with it, when the
 * organization last synced, and its telemetry samples over time. Daily active time is not kept by
 * the sync (Google repeats it in every listing); it is read live from Google, briefly cached, and
 * left empty when Google does not answer in time, so the page never waits on Google.
 */

const ACTIVE_TIME_TTL_MS = 5 * 60_000;
const ACTIVE_TIME_TIMEOUT_MS = 2_500;
const ACTIVE_TIME_CACHE_LIMIT = 2_000;
type ActiveTimeRanges = ChromeOsDevice['activeTimeRanges'];
const activeTimeCache = new Map<string, { at: number; ranges: ActiveTimeRanges }>();

/** Why: an action that re-read the device from Google already holds its active time. */
export function rememberActiveTime(orgId: string, device: ChromeOsDevice): void {
  if (activeTimeCache.size >= ACTIVE_TIME_CACHE_LIMIT) activeTimeCache.clear();
  activeTimeCache.set(`${orgId}:${device.deviceId}`, { at: Date.now(), ranges: device.activeTimeRanges });
}

async function activeTimeOf(deps: DeviceDeps, tenant: DeviceTenant, row: StoredDevice) {
  if (row.deleted_at !== null) return undefined;
  const key = `${tenant.orgId}:${row.device_id}`;
  const cached = activeTimeCache.get(key);
  if (cached && Date.now() - cached.at < ACTIVE_TIME_TTL_MS) return cached.ranges;
  try {
    const live = await deps
      .googleFor(tenant)
      .directory.getChromeOsDevice(row.device_id, { projection: 'FULL', timeoutMs: ACTIVE_TIME_TIMEOUT_MS });
    rememberActiveTime(tenant.orgId, live);
    return live.activeTimeRanges;
  } catch {
    return cached?.ranges;
  }
}

/** Why: one answer for the device page's header, overview and action buttons. */
export async function getDeviceDetail(
  deps: DeviceDeps,
  tenant: DeviceTenant,
  deviceId: string,
  options: { live?: boolean } = {},
): Promise<DeviceDetail> {
  const row = await requireDevice(deps.db, tenant, deviceId);
  return presentDetail(deps, tenant, row, options);
}

/** Why: actions answer with the fresh detail of the device they changed. */
export async function presentDetail(
  deps: DeviceDeps,
  tenant: DeviceTenant,
  row: StoredDevice,
  options: { live?: boolean } = {},
): Promise<DeviceDetail> {
  const [ranges, lastRun] = await Promise.all([
    options.live === false
      ? Promise.resolve(activeTimeCache.get(`${tenant.orgId}:${row.device_id}`)?.ranges)
      : activeTimeOf(deps, tenant, row),
    deps.db
      .selectFrom('sync_run')
      .select('finished_at')
      .where('org_id', '=', tenant.orgId)
      .where('status', '=', 'succeeded')
      .orderBy('finished_at', 'desc')
      .limit(1)
      .executeTakeFirst(),
  ]);
  return {
    device: presentDetailDevice(row, ranges),
    lastSyncedAt: lastRun?.finished_at ? lastRun.finished_at.toISOString() : null,
    can: {
      annotate: roleCan(tenant.role, 'device.annotate'),
      move: roleCan(tenant.role, 'device.move'),
      command: roleCan(tenant.role, 'device.command'),
      deprovision: roleCan(tenant.role, 'device.deprovision'),
    },
  };
}

const MAX_SAMPLES = 5_000;

/** Why: the health charts read the device's samples of its last `days` days of reports, oldest first. */
export async function getDeviceTelemetry(
  deps: DeviceDeps,
  tenant: DeviceTenant,
  deviceId: string,
  days: number,
): Promise<{ samples: TelemetrySample[] }> {
  const row = await requireDevice(deps.db, tenant, deviceId);
  // The window ends at the newest sample, so a device that stopped reporting still shows its last days.
  const newest = await deps.db
    .selectFrom('fleet_telemetry_sample')
    .select('sampled_at')
    .where('org_id', '=', tenant.orgId)
    .where('device_id', '=', row.device_id)
    .orderBy('sampled_at', 'desc')
    .limit(1)
    .executeTakeFirst();
  if (!newest) return { samples: [] };
  const since = new Date(new Date(newest.sampled_at).getTime() - days * 86_400_000);
  const samples = await deps.db
    .selectFrom('fleet_telemetry_sample')
    .selectAll()
    .where('org_id', '=', tenant.orgId)
    .where('device_id', '=', row.device_id)
    .where('sampled_at', '>=', since)
    .orderBy('sampled_at', 'desc')
    .limit(MAX_SAMPLES)
    .execute();
  const num = (value: string | number | null) => (value === null ? null : Number(value));
  return {
    samples: samples.reverse().map((s) => ({
      sampledAt: new Date(s.sampled_at).toISOString(),
      batteryHealth: s.battery_health,
      batteryCycleCount: s.battery_cycle_count,
      batteryFullChargeCapacity: num(s.battery_full_charge_capacity),
      batteryDesignCapacity: num(s.battery_design_capacity),
      storageFreeBytes: num(s.storage_free_bytes),
      storageTotalBytes: num(s.storage_total_bytes),
      memoryFreeBytes: num(s.memory_free_bytes),
      memoryTotalBytes: num(s.memory_total_bytes),
      cpuUtilizationPercent: s.cpu_utilization_percent,
      osUpdateState: s.os_update_state,
    })),
  };
}
