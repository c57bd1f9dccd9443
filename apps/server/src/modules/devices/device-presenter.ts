import type { ChromeOsDevice } from '@fleetdeck/google/directory/chromeos-device.schema';
import type { DeviceDetail } from '@fleetdeck/shared/device-contract';
import type { DeviceListItem } from '@fleetdeck/shared/fleet-contract';
import type { StoredDevice } from './device-tenant.ts';

/**
 * A stored device as the API shows it: the fleet-table columns, plus what the device page reads
 * from Google's JSON (CPU, TPM, OS update, recent users, networks).
 */

type DetailDevice = DeviceDetail['device'];

const iso = (value: Date | string | null): string | null =>
  value === null ? null : value instanceof Date ? value.toISOString() : new Date(value).toISOString();
const num = (value: string | number | null): number | null => (value === null ? null : Number(value));
const dateOnly = (value: Date | string | null): string | null =>
  value === null ? null : value instanceof Date ? value.toISOString().slice(0, 10) : value.slice(0, 10);

/** Why: one mapping of a row to the fleet list's columns, reused by previews and the device page. */
export function presentListItem(row: StoredDevice): DeviceListItem {
  return {
    deviceId: row.device_id,
    serialNumber: row.serial_number,
    annotatedAssetId: row.annotated_asset_id,
    status: row.status,
    model: row.model,
    orgUnitPath: row.org_unit_path,
    orgUnitId: row.org_unit_id,
    annotatedUser: row.annotated_user,
    recentUser: row.recent_user,
    annotatedLocation: row.annotated_location,
    notes: row.notes,
    lastSync: iso(row.last_sync),
    aueDate: dateOnly(row.aue_date),
    osVersion: row.os_version,
    platformVersion: row.platform_version,
    firmwareVersion: row.firmware_version,
    osCompliance: row.os_compliance,
    osUpdateState: row.os_update_state,
    bootMode: row.boot_mode,
    batteryHealth: row.battery_health,
    batteryCycleCount: row.battery_cycle_count,
    batteryCapacityPercent: row.battery_capacity_percent,
    storageFreeBytes: num(row.storage_free_bytes),
    storageTotalBytes: num(row.storage_total_bytes),
    ramTotalBytes: num(row.ram_total_bytes),
    macAddress: row.mac_address,
    ethernetMacAddress: row.ethernet_mac_address,
    lanIp: row.lan_ip,
    wanIp: row.wan_ip,
    firstEnrollmentTime: iso(row.first_enrollment_time),
    lastEnrollmentTime: iso(row.last_enrollment_time),
    manufactureDate: dateOnly(row.manufacture_date),
    licenseType: row.license_type,
    updatedAt: iso(row.updated_at) ?? new Date(0).toISOString(),
  };
}

/**
 * Why: Google accepts screenshot and volume commands from kiosk and managed-guest devices only; a
 * kiosk shows as a kiosk licence or a kiosk app in its update status.
 */
export function isKioskDevice(row: Pick<StoredDevice, 'license_type' | 'raw'>): boolean {
  const raw = row.raw as ChromeOsDevice;
  return row.license_type === 'kioskUpgrade' || raw.osUpdateStatus?.targetKioskAppVersion !== undefined;
}

/** Why: the device page's full record; `activeTime` comes from Google's live answer when there is one. */
export function presentDetailDevice(
  row: StoredDevice,
  activeTimeRanges?: ChromeOsDevice['activeTimeRanges'],
): DetailDevice {
  const raw = row.raw as ChromeOsDevice;
  const tpm = raw.tpmVersionInfo;
  return {
    ...presentListItem(row),
    customerId: row.customer_id,
    chromeOsType: row.chrome_os_type,
    deprovisionReason: row.deprovision_reason,
    cpuModel: raw.cpuInfo?.find((cpu) => cpu.model)?.model ?? null,
    tpmVersion: tpm ? [tpm.family, tpm.specLevel].filter(Boolean).join(' ') || null : null,
    osUpdate: raw.osUpdateStatus
      ? {
          state: raw.osUpdateStatus.state ?? null,
          targetOsVersion: raw.osUpdateStatus.targetOsVersion ?? null,
          updateTime: raw.osUpdateStatus.updateTime ?? null,
          rebootTime: raw.osUpdateStatus.rebootTime ?? null,
        }
      : null,
    recentUsers: (raw.recentUsers ?? []).map((user) => ({
      email: user.email ?? null,
      type: user.type ?? null,
    })),
    activeTime: (activeTimeRanges ?? [])
      .filter((range) => range.date)
      .map((range) => ({
        date: String(range.date),
        activeMinutes: Math.round((range.activeTime ?? 0) / 60_000),
      }))
      .sort((a, b) => a.date.localeCompare(b.date)),
    lastKnownNetwork: (raw.lastKnownNetwork ?? []).map((network) => ({
      ipAddress: network.ipAddress ?? null,
      wanIpAddress: network.wanIpAddress ?? null,
    })),
    isKiosk: isKioskDevice(row),
    firstSeenAt: iso(row.first_seen_at) ?? new Date(0).toISOString(),
    deletedAt: iso(row.deleted_at),
  };
}
