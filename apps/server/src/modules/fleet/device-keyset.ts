import { sql, type RawBuilder } from 'kysely';
import type { SortDirection } from '@fleetdeck/shared/fleet-contract';
import { FLEET_COLUMNS, type FleetColumnId } from '@fleetdeck/shared/fleet-columns';
import { castsTo, type CastType } from '../../db/sql-values.ts';
import { appErrors } from '../../errors/app-error.ts';

/**
 * The fleet table's keyset: which columns sort and how, the opaque cursor of a page's last row,
 * and the ordered parts of the scan that follows it (device-list.ts reads them).
 */

type Sql = RawBuilder<unknown>;

/**
 * The stored column each column of the table sorts by, and its type (for casting a cursor value
 * back). Battery health sorts by `battery_health_rank` (replace now, replace soon, normal:
 * ascending is worst first, what an admin's first click on the header asks for) and OS version by
 * `os_version_key` (its numbers as an integer array: numeric, dotted-version order); both are
 * generated from the shown value (migration 0016, decision 030). A cursor written before those
 * keys holds the shown value, which does not cast to the key's type: the reload message.
 */
export const COLUMN_SQL: Readonly<Record<FleetColumnId, { column: string; type: CastType }>> = {
  serialNumber: { column: 'serial_number', type: 'text' },
  annotatedAssetId: { column: 'annotated_asset_id', type: 'text' },
  status: { column: 'status', type: 'text' },
  model: { column: 'model', type: 'text' },
  orgUnitPath: { column: 'org_unit_path', type: 'text' },
  annotatedUser: { column: 'annotated_user', type: 'text' },
  recentUser: { column: 'recent_user', type: 'text' },
  annotatedLocation: { column: 'annotated_location', type: 'text' },
  notes: { column: 'notes', type: 'text' },
  lastSync: { column: 'last_sync', type: 'timestamptz' },
  aueDate: { column: 'aue_date', type: 'date' },
  osVersion: { column: 'os_version_key', type: 'int[]' },
  platformVersion: { column: 'platform_version', type: 'text' },
  firmwareVersion: { column: 'firmware_version', type: 'text' },
  osCompliance: { column: 'os_compliance', type: 'text' },
  osUpdateState: { column: 'os_update_state', type: 'text' },
  bootMode: { column: 'boot_mode', type: 'text' },
  batteryHealth: { column: 'battery_health_rank', type: 'smallint' },
  batteryCycleCount: { column: 'battery_cycle_count', type: 'int' },
  batteryCapacityPercent: { column: 'battery_capacity_percent', type: 'real' },
  storageFreeBytes: { column: 'storage_free_bytes', type: 'bigint' },
  storageTotalBytes: { column: 'storage_total_bytes', type: 'bigint' },
  ramTotalBytes: { column: 'ram_total_bytes', type: 'bigint' },
  macAddress: { column: 'mac_address', type: 'text' },
  ethernetMacAddress: { column: 'ethernet_mac_address', type: 'text' },
  lanIp: { column: 'lan_ip', type: 'text' },
  wanIp: { column: 'wan_ip', type: 'text' },
  firstEnrollmentTime: { column: 'first_enrollment_time', type: 'timestamptz' },
  lastEnrollmentTime: { column: 'last_enrollment_time', type: 'timestamptz' },
  manufactureDate: { column: 'manufacture_date', type: 'date' },
  licenseType: { column: 'license_type', type: 'text' },
  deviceId: { column: 'device_id', type: 'text' },
};

const SORTABLE = new Set(FLEET_COLUMNS.filter((column) => column.sortable).map((column) => column.id));

export interface KeysetPosition {
  readonly sort: FleetColumnId;
  readonly dir: SortDirection;
  /** The sort column's value of the last row as text (null: the row had none). */
  readonly value: string | null;
  readonly deviceId: string;
}

/** Why: the next page continues after the last row; the cursor is opaque to the browser. */
export function encodeCursor(position: KeysetPosition): string {
  return Buffer.from(
    JSON.stringify([position.sort, position.dir, position.value, position.deviceId]),
    'utf8',
  ).toString('base64url');
}

/** Why: a cursor from another sort, or a forged one, is a clear 400 rather than a wrong page. */
export function decodeCursor(cursor: string, sort: FleetColumnId, dir: SortDirection): KeysetPosition {
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    parsed = null;
  }
  if (
    !Array.isArray(parsed) ||
    parsed.length !== 4 ||
    parsed[0] !== sort ||
    parsed[1] !== dir ||
    !(parsed[2] === null || (typeof parsed[2] === 'string' && parsed[2].length <= 500)) ||
    typeof parsed[3] !== 'string' ||
    parsed[3].length === 0 ||
    parsed[3].length > 200 ||
    (typeof parsed[2] === 'string' && !castsTo(parsed[2], COLUMN_SQL[sort].type))
  ) {
    throw appErrors.invalidRequest(
      'This page link does not match the current sort. Reload the list from the top.',
    );
  }
  return { sort, dir, value: parsed[2] as string | null, deviceId: parsed[3] };
}

/** Why: only columns with an index sort, so every page stays an index range scan. */
export function assertSortable(sort: FleetColumnId): void {
  if (!SORTABLE.has(sort)) {
    throw appErrors.invalidRequest(`The column "${sort}" cannot be sorted. Sort by another column.`);
  }
}

export interface Segment {
  readonly where: Sql;
  readonly order: Sql;
  readonly nulls: boolean;
}

/**
 * The ordered parts of a keyset scan after `after`: rows with a value (ascending or descending),
 * then rows without one, in both directions, as spreadsheets sort blanks. Each part reads the
 * (org_id, column, device_id) index forwards or backwards; a first page whose values fill it never
 * touches the rows without a value.
 */
export function segments(
  sort: FleetColumnId,
  dir: SortDirection,
  after: KeysetPosition | undefined,
): Segment[] {
  const { column, type } = COLUMN_SQL[sort];
  const col = sql.ref(`d.${column}`);
  const cmp = sql.raw(dir === 'asc' ? '>' : '<');
  const direction = sql.raw(dir);
  const idAfter = after ? sql`d.device_id ${cmp} ${after.deviceId}` : sql`true`;
  if (sort === 'deviceId') return [{ where: idAfter, order: sql`d.device_id ${direction}`, nulls: false }];
  const valueOrder = sql`${col} ${direction}, d.device_id ${direction}`;
  const nullOrder = sql`d.device_id ${direction}`;
  const empty: Segment = {
    where: after?.value === null ? sql`${col} is null and ${idAfter}` : sql`${col} is null`,
    order: nullOrder,
    nulls: true,
  };
  // Inside the rows without a value: only the rest of them follow.
  if (after?.value === null) return [empty];
  const values: Segment = {
    where: after
      ? sql`(${col}, d.device_id) ${cmp} (${after.value}::${sql.raw(type)}, ${after.deviceId})`
      : sql`${col} is not null`,
    order: valueOrder,
    nulls: false,
  };
  return [values, empty];
}
