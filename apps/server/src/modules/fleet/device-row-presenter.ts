import type { DeviceListItem } from '@fleetdeck/shared/fleet-contract';

/** A stored device as the fleet table, the CSV export, bulk previews and the device page show it. */

export interface DeviceListRow {
  device_id: string;
  serial_number: string | null;
  annotated_asset_id: string | null;
  status: string | null;
  model: string | null;
  org_unit_path: string | null;
  org_unit_id: string | null;
  annotated_user: string | null;
  recent_user: string | null;
  annotated_location: string | null;
  notes: string | null;
  last_sync: Date | string | null;
  aue_date: Date | string | null;
  os_version: string | null;
  platform_version: string | null;
  firmware_version: string | null;
  os_compliance: string | null;
  os_update_state: string | null;
  boot_mode: string | null;
  battery_health: string | null;
  battery_cycle_count: number | null;
  battery_capacity_percent: number | null;
  storage_free_bytes: string | number | null;
  storage_total_bytes: string | number | null;
  ram_total_bytes: string | number | null;
  mac_address: string | null;
  ethernet_mac_address: string | null;
  lan_ip: string | null;
  wan_ip: string | null;
  first_enrollment_time: Date | string | null;
  last_enrollment_time: Date | string | null;
  manufacture_date: Date | string | null;
  license_type: string | null;
  updated_at: Date | string;
  sort_key?: string | null;
}

function iso(value: Date | string | null): string | null {
  if (value === null) return null;
  return value instanceof Date ? value.toISOString() : new Date(value).toISOString();
}

/** `date` columns arrive as text from raw SQL and as Date objects from Kysely's selects. */
function dateOnly(value: Date | string | null): string | null {
  if (value === null) return null;
  return value instanceof Date ? value.toISOString().slice(0, 10) : value.slice(0, 10);
}

function num(value: string | number | null): number | null {
  return value === null ? null : Number(value);
}

/** Why: one mapping of a stored row to the API's row shape: pages, the CSV export, previews, the device page. */
export function presentDeviceRow(row: DeviceListRow): DeviceListItem {
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
    updatedAt: iso(row.updated_at) ?? '',
  };
}
