/**
 * The fleet table's columns, shared by the server (sortable columns, CSV export) and the browser
 * (column chooser, headers). Zod-free so the browser may import it at runtime.
 */

export const FLEET_COLUMN_IDS = [
  'serialNumber',
  'annotatedAssetId',
  'status',
  'model',
  'orgUnitPath',
  'annotatedUser',
  'recentUser',
  'annotatedLocation',
  'notes',
  'lastSync',
  'aueDate',
  'osVersion',
  'platformVersion',
  'firmwareVersion',
  'osCompliance',
  'osUpdateState',
  'bootMode',
  'batteryHealth',
  'batteryCycleCount',
  'batteryCapacityPercent',
  'storageFreeBytes',
  'storageTotalBytes',
  'ramTotalBytes',
  'macAddress',
  'ethernetMacAddress',
  'lanIp',
  'wanIp',
  'firstEnrollmentTime',
  'lastEnrollmentTime',
  'manufactureDate',
  'licenseType',
  'deviceId',
] as const;
export type FleetColumnId = (typeof FLEET_COLUMN_IDS)[number];

export type FleetColumnKind = 'text' | 'date' | 'datetime' | 'number' | 'bytes' | 'percent' | 'enum';

export interface FleetColumn {
  readonly id: FleetColumnId;
  /** Header and CSV column title. */
  readonly label: string;
  readonly kind: FleetColumnKind;
  /** Sortable columns have an index (org_id, column) so keyset pages stay fast. */
  readonly sortable: boolean;
  /**
   * Shown when no view chooses columns: the six that fit a 1440-px window beside the facets
   * (decision 041); the others are a column chooser click away, sideways.
   */
  readonly defaultVisible: boolean;
}

export const FLEET_COLUMNS: readonly FleetColumn[] = [
  { id: 'serialNumber', label: 'Serial number', kind: 'text', sortable: true, defaultVisible: true },
  { id: 'annotatedAssetId', label: 'Asset ID', kind: 'text', sortable: true, defaultVisible: false },
  { id: 'status', label: 'Status', kind: 'enum', sortable: true, defaultVisible: true },
  { id: 'model', label: 'Model', kind: 'text', sortable: true, defaultVisible: true },
  { id: 'orgUnitPath', label: 'Organizational unit', kind: 'text', sortable: true, defaultVisible: true },
  { id: 'annotatedUser', label: 'User', kind: 'text', sortable: true, defaultVisible: true },
  { id: 'recentUser', label: 'Most recent user', kind: 'text', sortable: true, defaultVisible: false },
  { id: 'annotatedLocation', label: 'Location', kind: 'text', sortable: true, defaultVisible: false },
  { id: 'notes', label: 'Notes', kind: 'text', sortable: false, defaultVisible: false },
  { id: 'lastSync', label: 'Last sync', kind: 'datetime', sortable: true, defaultVisible: true },
  { id: 'aueDate', label: 'Auto-update expiration', kind: 'date', sortable: true, defaultVisible: false },
  { id: 'osVersion', label: 'OS version', kind: 'text', sortable: true, defaultVisible: false },
  { id: 'platformVersion', label: 'Platform version', kind: 'text', sortable: false, defaultVisible: false },
  { id: 'firmwareVersion', label: 'Firmware', kind: 'text', sortable: false, defaultVisible: false },
  { id: 'osCompliance', label: 'OS compliance', kind: 'enum', sortable: true, defaultVisible: false },
  { id: 'osUpdateState', label: 'OS update state', kind: 'enum', sortable: false, defaultVisible: false },
  { id: 'bootMode', label: 'Boot mode', kind: 'enum', sortable: false, defaultVisible: false },
  { id: 'batteryHealth', label: 'Battery health', kind: 'enum', sortable: true, defaultVisible: false },
  {
    id: 'batteryCycleCount',
    label: 'Battery cycles',
    kind: 'number',
    sortable: false,
    defaultVisible: false,
  },
  {
    id: 'batteryCapacityPercent',
    label: 'Battery capacity',
    kind: 'percent',
    sortable: false,
    defaultVisible: false,
  },
  { id: 'storageFreeBytes', label: 'Storage free', kind: 'bytes', sortable: false, defaultVisible: false },
  { id: 'storageTotalBytes', label: 'Storage', kind: 'bytes', sortable: false, defaultVisible: false },
  { id: 'ramTotalBytes', label: 'Memory', kind: 'bytes', sortable: false, defaultVisible: false },
  { id: 'macAddress', label: 'Wi-Fi MAC', kind: 'text', sortable: false, defaultVisible: false },
  { id: 'ethernetMacAddress', label: 'Ethernet MAC', kind: 'text', sortable: false, defaultVisible: false },
  { id: 'lanIp', label: 'LAN IP', kind: 'text', sortable: false, defaultVisible: false },
  { id: 'wanIp', label: 'WAN IP', kind: 'text', sortable: false, defaultVisible: false },
  {
    id: 'firstEnrollmentTime',
    label: 'First enrolled',
    kind: 'datetime',
    sortable: false,
    defaultVisible: false,
  },
  {
    id: 'lastEnrollmentTime',
    label: 'Last enrolled',
    kind: 'datetime',
    sortable: false,
    defaultVisible: false,
  },
  { id: 'manufactureDate', label: 'Manufactured', kind: 'date', sortable: false, defaultVisible: false },
  { id: 'licenseType', label: 'License', kind: 'enum', sortable: false, defaultVisible: false },
  { id: 'deviceId', label: 'Device ID', kind: 'text', sortable: true, defaultVisible: false },
];

export const DEFAULT_FLEET_COLUMNS: readonly FleetColumnId[] = FLEET_COLUMNS.filter(
  (column) => column.defaultVisible,
).map((column) => column.id);

export function isFleetColumnId(value: string): value is FleetColumnId {
  return (FLEET_COLUMN_IDS as readonly string[]).includes(value);
}

export const FLEET_LIST_LIMITS = {
  queryChars: 2000,
  defaultPage: 100,
  maxPage: 500,
  /**
   * Below this many matches (by the planner's estimate) the count is exact; above, the estimate
   * unless asked. Counting exactly reads every matching row, which at 100k devices costs more than
   * the page itself once a query matches thousands.
   */
  exactCountThreshold: 5_000,
  /**
   * Below this many estimated matches the fleet table asks for the exact count right after the
   * first page (a second request, so the rows never wait for it): counting 100,000 rows costs
   * ~20 ms on PGlite. Above it the table says "about" and counts exactly when asked.
   */
  exactCountFollowUp: 100_000,
  /** A pasted list: characters and lines. */
  resolveChars: 1_000_000,
  resolveLines: 20_000,
  resolveMatchesPerLine: 5,
  /**
   * Values with no exact match that get suggestions (serials that begin with them, serials one
   * character off), in the order pasted; the rest are said to be unlooked-at. Each costs a few
   * index reads, so a list of typos stays fast however long it is.
   */
  resolveSuggestValues: 50,
  /** Serials that begin with a value are counted up to this many ("more than 1,000"). */
  resolvePrefixCountCap: 1_000,
  /** Suggested serials listed per line, each kind. */
  resolveSuggestionsPerLine: 3,
  /** Devices one bulk action may target. */
  bulkMaxDevices: 100_000,
} as const;
