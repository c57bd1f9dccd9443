import type { ChromeOsDevice } from '@fleetdeck/google/directory/chromeos-device.schema';
import type { DeviceDetail } from '@fleetdeck/shared/device-contract';
import { presentDeviceRow } from '../fleet/device-row-presenter.ts';
import { dailyActiveTime } from './daily-active-time.ts';
import type { StoredDevice } from './device-tenant.ts';

/**
 * A stored device as the API shows it: the fleet-table columns, plus what the device page reads
 * from Google's JSON (CPU, TPM, OS update, recent users, networks).
 */

type DetailDevice = DeviceDetail['device'];

const iso = (value: Date | string | null): string | null =>
  value === null ? null : value instanceof Date ? value.toISOString() : new Date(value).toISOString();

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
    ...presentDeviceRow(row),
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
    activeTime: dailyActiveTime(activeTimeRanges),
    lastKnownNetwork: (raw.lastKnownNetwork ?? []).map((network) => ({
      ipAddress: network.ipAddress ?? null,
      wanIpAddress: network.wanIpAddress ?? null,
    })),
    isKiosk: isKioskDevice(row),
    firstSeenAt: iso(row.first_seen_at) ?? new Date(0).toISOString(),
    deletedAt: iso(row.deleted_at),
  };
}
