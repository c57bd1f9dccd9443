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

/** Google's device JSON as stored: the time series are left out. */
export type StoredDeviceJson = Omit<ChromeOsDevice, (typeof TIME_SERIES_DEVICE_FIELDS)[number]>;

/** What a row's columns are filled from: the device (cleaned), its stored JSON and compared text. */
interface RowSource {
  readonly orgId: string;
  readonly customerId: string;
  readonly device: ChromeOsDevice;
  readonly stored: StoredDeviceJson;
  readonly compared: string;
}

type SqlType = 'text' | 'timestamptz' | 'date' | 'bigint' | 'jsonb';

function column<T>(sql: SqlType, of: (source: RowSource) => T) {
  return { sql, of };
}

/**
 * The one list of a `fleet_device` row's columns, in order: each column's SQL type (for
 * `jsonb_to_recordset`, see device-page-writer.ts) and how a device fills it.
 */
const DEVICE_COLUMNS = {
  org_id: column('text', (s) => s.orgId),
  device_id: column('text', (s) => s.device.deviceId),
  customer_id: column('text', (s) => s.customerId),
  serial_number: column('text', (s) => s.device.serialNumber ?? null),
  annotated_asset_id: column('text', (s) => s.device.annotatedAssetId ?? null),
  status: column('text', (s) => s.device.status ?? null),
  model: column('text', (s) => s.device.model ?? null),
  org_unit_path: column('text', (s) => s.device.orgUnitPath ?? null),
  org_unit_id: column('text', (s) => s.device.orgUnitId ?? null),
  annotated_user: column('text', (s) => s.device.annotatedUser ?? null),
  annotated_location: column('text', (s) => s.device.annotatedLocation ?? null),
  notes: column('text', (s) => s.device.notes ?? null),
  last_sync: column('timestamptz', (s) => s.device.lastSync ?? null),
  last_enrollment_time: column('timestamptz', (s) => s.device.lastEnrollmentTime ?? null),
  first_enrollment_time: column('timestamptz', (s) => s.device.firstEnrollmentTime ?? null),
  aue_date: column('date', (s) => aueDateOf(s.device)),
  os_version: column('text', (s) => s.device.osVersion ?? null),
  platform_version: column('text', (s) => s.device.platformVersion ?? null),
  firmware_version: column('text', (s) => s.device.firmwareVersion ?? null),
  os_compliance: column('text', (s) => s.device.osVersionCompliance ?? null),
  os_update_state: column('text', (s) => s.device.osUpdateStatus?.state ?? null),
  boot_mode: column('text', (s) => s.device.bootMode ?? null),
  recent_user: column('text', (s) => s.device.recentUsers?.find((user) => user.email)?.email ?? null),
  mac_address: column('text', (s) => s.device.macAddress ?? null),
  ethernet_mac_address: column(
    'text',
    (s) => s.device.ethernetMacAddress ?? s.device.ethernetMacAddress0 ?? null,
  ),
  lan_ip: column('text', (s) => s.device.lastKnownNetwork?.[0]?.ipAddress ?? null),
  wan_ip: column('text', (s) => s.device.lastKnownNetwork?.[0]?.wanIpAddress ?? null),
  ram_total_bytes: column('bigint', (s) => s.device.systemRamTotal ?? null),
  storage_total_bytes: column('bigint', (s) => storageOf(s.device).total),
  storage_free_bytes: column('bigint', (s) => storageOf(s.device).free),
  license_type: column('text', (s) => s.device.deviceLicenseType ?? null),
  chrome_os_type: column('text', (s) => s.device.chromeOsType ?? null),
  deprovision_reason: column('text', (s) => s.device.deprovisionReason ?? null),
  manufacture_date: column('date', (s) =>
    /^\d{4}-\d{2}-\d{2}$/.test(s.device.manufactureDate ?? '') ? (s.device.manufactureDate ?? null) : null,
  ),
  etag: column('text', (s) => s.device.etag ?? null),
  raw: column('jsonb', (s) => s.stored),
  content_hash: column('text', (s) => createHash('sha1').update(s.compared).digest('base64url')),
};

type DeviceColumnName = keyof typeof DEVICE_COLUMNS;

/** One `fleet_device` row, as `toDeviceRow` builds it. */
export type DeviceRow = { [K in DeviceColumnName]: ReturnType<(typeof DEVICE_COLUMNS)[K]['of']> };

const COLUMN_ENTRIES = Object.entries(DEVICE_COLUMNS) as [
  DeviceColumnName,
  { sql: SqlType; of: (source: RowSource) => unknown },
][];

/** SQL column types of `DeviceRow`, in order, for `jsonb_to_recordset` (see device-page-writer.ts). */
export const DEVICE_ROW_SQL_TYPES: Readonly<Record<DeviceColumnName, SqlType>> = Object.fromEntries(
  COLUMN_ENTRIES.map(([name, { sql }]) => [name, sql]),
) as Record<DeviceColumnName, SqlType>;

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
  const source: RowSource = { orgId, customerId, device, stored, compared };
  const row: Partial<Record<DeviceColumnName, unknown>> = {};
  for (const [name, { of }] of COLUMN_ENTRIES) row[name] = of(source);
  return row as DeviceRow;
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
