import { createHash } from 'node:crypto';
import type { ChromeOsDevice } from '@fleetdeck/google/directory/chromeos-device.schema';
import { cleanText } from '@fleetdeck/shared/unsafe-text';

/**
 * How a Directory `ChromeOsDevice` becomes a `fleet_device` row: typed columns for everything the
 * fleet table filters and sorts on, Google's JSON (without its time series, which the telemetry
 * table holds over time), and a content hash over what a sync compares.
 */

/**
 * Samples Google repeats in every FULL listing (about two thirds of a device's JSON). They change at
 * every check-in and are kept as telemetry samples over time instead of inside the device row.
 */
export const TIME_SERIES_DEVICE_FIELDS = [
  'activeTimeRanges',
  'cpuStatusReports',
  'systemRamFreeReports',
] as const;

/** Every other documented field except `kind` and `etag`, in a fixed order: the hash input. */
export const COMPARED_DEVICE_FIELDS = [
  'deviceId',
  'serialNumber',
  'status',
  'lastSync',
  'supportEndDate',
  'willAutoRenew',
  'orderNumber',
  'annotatedUser',
  'annotatedLocation',
  'annotatedAssetId',
  'notes',
  'orgUnitPath',
  'orgUnitId',
  'model',
  'meid',
  'osVersion',
  'platformVersion',
  'firmwareVersion',
  'macAddress',
  'ethernetMacAddress',
  'ethernetMacAddress0',
  'dockMacAddress',
  'bootMode',
  'lastEnrollmentTime',
  'firstEnrollmentTime',
  'lastDeprovisionTimestamp',
  'deprovisionReason',
  'manufactureDate',
  'autoUpdateExpiration',
  'autoUpdateThrough',
  'extendedSupportEligible',
  'extendedSupportStart',
  'extendedSupportEnabled',
  'deviceLicenseType',
  'chromeOsType',
  'osVersionCompliance',
  'osUpdateStatus',
  'diskSpaceUsage',
  'systemRamTotal',
  'recentUsers',
  'lastKnownNetwork',
  'diskVolumeReports',
  'tpmVersionInfo',
  'cpuInfo',
  'deviceFiles',
  'screenshotFiles',
  'backlightInfo',
  'fanInfo',
  'bluetoothAdapterInfo',
] as const satisfies readonly (keyof ChromeOsDevice)[];

/** What a row keeps of a device: every documented field but the time series. */
export const STORED_DEVICE_FIELDS = ['kind', 'etag', ...COMPARED_DEVICE_FIELDS] as const;

/**
 * Of each CPU, what a row keeps: its identity. Google's `logicalCpus` (per-core scaling frequency,
 * idle time and C-state residency) are counters that move at every check-in, so a device carrying
 * them would look changed to every sync; they are also about a quarter of a device's JSON.
 */
export const STORED_CPU_FIELDS = ['model', 'architecture', 'maxClockSpeedKhz'] as const;

/** The `fields` of one device fetched whole: Google builds and sends only what a row keeps. */
export const STORED_DEVICE_SELECTION = STORED_DEVICE_FIELDS.map((field) =>
  field === 'cpuInfo' ? `cpuInfo(${STORED_CPU_FIELDS.join(',')})` : field,
).join(',');

/** The `fields` value of a full listing: every stored field of every device, none of the time series. */
export const FULL_LISTING_FIELDS = `nextPageToken,chromeosdevices(${STORED_DEVICE_SELECTION})`;

/** The `fields` value of an incremental listing: ids and versions only; changed devices are fetched. */
export const ETAG_LISTING_FIELDS = 'nextPageToken,chromeosdevices(deviceId,etag)';

/** Columns whose changes are recorded in history, with the name the history shows. */
export const HISTORY_COLUMNS = {
  status: 'status',
  org_unit_path: 'orgUnitPath',
  annotated_user: 'annotatedUser',
  annotated_location: 'annotatedLocation',
  annotated_asset_id: 'annotatedAssetId',
  notes: 'notes',
  os_version: 'osVersion',
  platform_version: 'platformVersion',
  firmware_version: 'firmwareVersion',
  recent_user: 'recentUser',
  boot_mode: 'bootMode',
  os_compliance: 'osVersionCompliance',
  os_update_state: 'osUpdateState',
  mac_address: 'macAddress',
  ethernet_mac_address: 'ethernetMacAddress',
  lan_ip: 'lanIpAddress',
  wan_ip: 'wanIpAddress',
  deprovision_reason: 'deprovisionReason',
  license_type: 'deviceLicenseType',
  aue_date: 'autoUpdateThrough',
} as const;
export type HistoryColumn = keyof typeof HISTORY_COLUMNS;
export const HISTORY_COLUMN_NAMES = Object.keys(HISTORY_COLUMNS) as HistoryColumn[];

export interface DeviceRow {
  org_id: string;
  device_id: string;
  customer_id: string;
  serial_number: string | null;
  annotated_asset_id: string | null;
  status: string | null;
  model: string | null;
  org_unit_path: string | null;
  org_unit_id: string | null;
  annotated_user: string | null;
  annotated_location: string | null;
  notes: string | null;
  last_sync: string | null;
  last_enrollment_time: string | null;
  first_enrollment_time: string | null;
  aue_date: string | null;
  os_version: string | null;
  platform_version: string | null;
  firmware_version: string | null;
  os_compliance: string | null;
  os_update_state: string | null;
  boot_mode: string | null;
  recent_user: string | null;
  mac_address: string | null;
  ethernet_mac_address: string | null;
  lan_ip: string | null;
  wan_ip: string | null;
  ram_total_bytes: string | null;
  storage_total_bytes: string | null;
  storage_free_bytes: string | null;
  license_type: string | null;
  chrome_os_type: string | null;
  deprovision_reason: string | null;
  manufacture_date: string | null;
  etag: string | null;
  raw: StoredDeviceJson;
  content_hash: string;
}

/** Google's device JSON as stored: the time series are left out. */
export type StoredDeviceJson = Omit<ChromeOsDevice, (typeof TIME_SERIES_DEVICE_FIELDS)[number]>;

/** SQL column types of `DeviceRow`, in order, for `jsonb_to_recordset` (see device-page-writer.ts). */
export const DEVICE_ROW_SQL_TYPES: Readonly<Record<Exclude<keyof DeviceRow, never>, string>> = {
  org_id: 'text',
  device_id: 'text',
  customer_id: 'text',
  serial_number: 'text',
  annotated_asset_id: 'text',
  status: 'text',
  model: 'text',
  org_unit_path: 'text',
  org_unit_id: 'text',
  annotated_user: 'text',
  annotated_location: 'text',
  notes: 'text',
  last_sync: 'timestamptz',
  last_enrollment_time: 'timestamptz',
  first_enrollment_time: 'timestamptz',
  aue_date: 'date',
  os_version: 'text',
  platform_version: 'text',
  firmware_version: 'text',
  os_compliance: 'text',
  os_update_state: 'text',
  boot_mode: 'text',
  recent_user: 'text',
  mac_address: 'text',
  ethernet_mac_address: 'text',
  lan_ip: 'text',
  wan_ip: 'text',
  ram_total_bytes: 'bigint',
  storage_total_bytes: 'bigint',
  storage_free_bytes: 'bigint',
  license_type: 'text',
  chrome_os_type: 'text',
  deprovision_reason: 'text',
  manufacture_date: 'date',
  etag: 'text',
  raw: 'jsonb',
  content_hash: 'text',
};

/** Why: one mapping for full and incremental syncs, so both write identical rows for one device. */
export function toDeviceRow(orgId: string, customerId: string, listed: ChromeOsDevice): DeviceRow {
  let device = listed;
  let stored = storedJson(device);
  let compared = comparedText(stored);
  // Google keeps what it was sent: a NUL or a lone surrogate in a note would fail the page's write
  // (PostgreSQL stores neither), so such values are stored cleaned.
  if (MAYBE_UNSAFE_JSON.test(compared)) {
    device = cleanStrings(listed);
    stored = storedJson(device);
    compared = comparedText(stored);
  }
  const network = device.lastKnownNetwork?.[0];
  const storage = storageOf(device);
  return {
    org_id: orgId,
    device_id: device.deviceId,
    customer_id: customerId,
    serial_number: device.serialNumber ?? null,
    annotated_asset_id: device.annotatedAssetId ?? null,
    status: device.status ?? null,
    model: device.model ?? null,
    org_unit_path: device.orgUnitPath ?? null,
    org_unit_id: device.orgUnitId ?? null,
    annotated_user: device.annotatedUser ?? null,
    annotated_location: device.annotatedLocation ?? null,
    notes: device.notes ?? null,
    last_sync: device.lastSync ?? null,
    last_enrollment_time: device.lastEnrollmentTime ?? null,
    first_enrollment_time: device.firstEnrollmentTime ?? null,
    aue_date: aueDateOf(device),
    os_version: device.osVersion ?? null,
    platform_version: device.platformVersion ?? null,
    firmware_version: device.firmwareVersion ?? null,
    os_compliance: device.osVersionCompliance ?? null,
    os_update_state: device.osUpdateStatus?.state ?? null,
    boot_mode: device.bootMode ?? null,
    recent_user: device.recentUsers?.find((user) => user.email)?.email ?? null,
    mac_address: device.macAddress ?? null,
    ethernet_mac_address: device.ethernetMacAddress ?? device.ethernetMacAddress0 ?? null,
    lan_ip: network?.ipAddress ?? null,
    wan_ip: network?.wanIpAddress ?? null,
    ram_total_bytes: device.systemRamTotal ?? null,
    storage_total_bytes: storage.total,
    storage_free_bytes: storage.free,
    license_type: device.deviceLicenseType ?? null,
    chrome_os_type: device.chromeOsType ?? null,
    deprovision_reason: device.deprovisionReason ?? null,
    manufacture_date: /^\d{4}-\d{2}-\d{2}$/.test(device.manufactureDate ?? '')
      ? (device.manufactureDate ?? null)
      : null,
    etag: device.etag ?? null,
    raw: stored,
    content_hash: createHash('sha1').update(compared).digest('base64url'),
  };
}

/**
 * Why: the device JSON without its time series and per-core counters, the same whichever listing
 * or call brought it.
 */
export function storedJson(device: ChromeOsDevice): StoredDeviceJson {
  const counters = device.cpuInfo?.some((cpu) => cpu.logicalCpus !== undefined) === true;
  // Syncs ask Google for the stored fields only (`FULL_LISTING_FIELDS`): nothing to copy then.
  if (!counters && TIME_SERIES_DEVICE_FIELDS.every((field) => device[field] === undefined)) return device;
  const { activeTimeRanges: _ranges, cpuStatusReports: _cpu, systemRamFreeReports: _ram, ...rest } = device;
  if (counters) rest.cpuInfo = device.cpuInfo?.map(({ logicalCpus: _counters, ...cpu }) => cpu);
  return rest;
}

/**
 * Why: a device rewritten only when what a sync compares changed, whatever the projection used.
 * Hashes the stored form (`storedJson`), so per-core counters never count as a change.
 */
export function contentHash(device: ChromeOsDevice): string {
  return createHash('sha1')
    .update(comparedText(storedJson(device)))
    .digest('base64url');
}

/**
 * One JSON text of the compared values in a fixed order. An absent field is `null`, which no
 * present value can be (Google leaves a field out; the schema refuses null), so the text changes
 * exactly when a compared value does.
 */
function comparedText(stored: StoredDeviceJson): string {
  const values = new Array<unknown>(COMPARED_DEVICE_FIELDS.length);
  for (let at = 0; at < COMPARED_DEVICE_FIELDS.length; at++) {
    values[at] = stored[COMPARED_DEVICE_FIELDS[at] as keyof StoredDeviceJson];
  }
  return JSON.stringify(values);
}

/**
 * In JSON text, the escapes of control characters other than tab and line breaks, C1 controls
 * and surrogate escapes (JSON.stringify escapes lone surrogates). A literal backslash may match
 * too: that only costs one needless cleaning.
 */
const MAYBE_UNSAFE_JSON = /\\u00[01][0-9a-f]|\\[bf]|[\u007f-\u009f]|\\ud[89a-f][0-9a-f]{2}/;

/** The device with every string (and key) cleaned by `cleanText`. */
function cleanStrings<T>(value: T): T {
  if (typeof value === 'string') return cleanText(value) as T;
  if (Array.isArray(value)) return value.map((item: unknown) => cleanStrings(item)) as T;
  if (typeof value !== 'object' || value === null) return value;
  return Object.fromEntries(
    Object.entries(value).map(([key, item]) => [cleanText(key), cleanStrings(item as unknown)]),
  ) as T;
}

function aueDateOf(device: ChromeOsDevice): string | null {
  if (device.autoUpdateThrough) return device.autoUpdateThrough.slice(0, 10);
  if (device.autoUpdateExpiration) {
    const ms = Number(device.autoUpdateExpiration);
    if (Number.isFinite(ms)) return new Date(ms).toISOString().slice(0, 10);
  }
  return null;
}

function storageOf(device: ChromeOsDevice): { total: string | null; free: string | null } {
  const volume = device.diskVolumeReports?.[0]?.volumeInfo?.[0];
  if (volume?.storageTotal !== undefined) {
    return { total: volume.storageTotal, free: volume.storageFree ?? null };
  }
  const usage = device.diskSpaceUsage;
  if (usage?.capacityBytes === undefined) return { total: null, free: null };
  const free =
    usage.usedBytes === undefined ? null : String(BigInt(usage.capacityBytes) - BigInt(usage.usedBytes));
  return { total: usage.capacityBytes, free };
}
