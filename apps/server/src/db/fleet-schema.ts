import type { ColumnType, Generated, GeneratedAlways, JSONColumnType } from 'kysely';

/** Tables of the fleet copy (migration 0003 and later); merged into `DB`. The sync engine's are in sync-schema.ts. */

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type NullableTimestamp = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
/** int8 columns come back as strings from both drivers; written as numbers or strings. */
type Int8 = ColumnType<string | null, number | string | null | undefined, number | string | null>;

export interface FleetOrgUnitTable {
  org_id: string;
  org_unit_id: string;
  org_unit_path: string;
  parent_org_unit_id: string | null;
  name: string;
  description: string | null;
  raw: JSONColumnType<Record<string, unknown>>;
  seen_run_id: string | null;
  updated_at: Timestamp;
  deleted_at: NullableTimestamp;
}

export interface FleetDeviceTable {
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
  last_sync: NullableTimestamp;
  last_enrollment_time: NullableTimestamp;
  first_enrollment_time: NullableTimestamp;
  aue_date: ColumnType<string | null, string | null | undefined, string | null>;
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
  ram_total_bytes: Int8;
  storage_total_bytes: Int8;
  storage_free_bytes: Int8;
  license_type: string | null;
  chrome_os_type: string | null;
  deprovision_reason: string | null;
  manufacture_date: ColumnType<string | null, string | null | undefined, string | null>;
  battery_health: string | null;
  battery_cycle_count: number | null;
  battery_capacity_percent: number | null;
  telemetry_at: NullableTimestamp;
  /** Migration 0016: generated from battery_health (replace now 1, soon 2, normal 3; else null). */
  battery_health_rank: GeneratedAlways<number | null>;
  /** Migration 0016: generated from os_version, its dotted numbers as an array (else null). */
  os_version_key: GeneratedAlways<number[] | null>;
  etag: string | null;
  raw: JSONColumnType<Record<string, unknown>>;
  content_hash: string;
  seen_run_id: string | null;
  first_seen_at: Timestamp;
  updated_at: Timestamp;
  deleted_at: NullableTimestamp;
}

export type HistorySource = 'sync' | 'action' | 'user';

export interface FleetDeviceHistoryTable {
  id: Generated<string>;
  org_id: string;
  device_id: string;
  field: string;
  old_value: string | null;
  new_value: string | null;
  changed_at: Timestamp;
  source: HistorySource;
  sync_run_id: string | null;
  /** Migration 0006: the member who changed it from Fleetdeck (source 'action' or 'user'). */
  actor_user_id: ColumnType<string | null, string | null | undefined, string | null>;
  /** Migration 0006: the bulk run or command behind the change. */
  action_ref: ColumnType<string | null, string | null | undefined, string | null>;
}

export interface FleetTelemetrySampleTable {
  org_id: string;
  device_id: string;
  sampled_at: ColumnType<Date, Date | string, Date | string>;
  battery_health: string | null;
  battery_cycle_count: number | null;
  battery_full_charge_capacity: Int8;
  battery_design_capacity: Int8;
  storage_free_bytes: Int8;
  storage_total_bytes: Int8;
  memory_free_bytes: Int8;
  memory_total_bytes: Int8;
  cpu_utilization_percent: number | null;
  os_update_state: string | null;
}

export interface FleetDeviceCommandTable {
  org_id: string;
  device_id: string;
  command_id: string;
  type: string;
  state: string;
  issued_at: Timestamp;
  issued_by: string | null;
  result: JSONColumnType<Record<string, unknown> | null, string | null | undefined, string | null>;
  updated_at: Timestamp;
  /** Migration 0006: the JSON payload sent with the command (SET_VOLUME, REBOOT delay). */
  payload: ColumnType<string | null, string | null | undefined, string | null>;
  bulk_run_id: ColumnType<string | null, string | null | undefined, string | null>;
}

export type BulkRunStatus = 'queued' | 'running' | 'succeeded' | 'partially_failed' | 'failed';
export type BulkResultState = 'pending' | 'succeeded' | 'failed' | 'skipped';

/** Migration 0006: one bulk action over many devices. */
export interface BulkActionRunTable {
  id: Generated<string>;
  org_id: string;
  customer_id: string;
  kind: string;
  action: JSONColumnType<Record<string, unknown>>;
  target: JSONColumnType<Record<string, unknown>>;
  status: ColumnType<BulkRunStatus, BulkRunStatus | undefined, BulkRunStatus>;
  total: number;
  requested_by: string | null;
  created_at: ColumnType<Date, Date | string | undefined, never>;
  started_at: NullableTimestamp;
  finished_at: NullableTimestamp;
  lease_owner: string | null;
  lease_until: NullableTimestamp;
}

/** Migration 0006: one device's outcome in a bulk run. */
export interface BulkActionResultTable {
  org_id: string;
  run_id: string;
  device_id: string;
  serial_number: string | null;
  state: ColumnType<BulkResultState, BulkResultState | undefined, BulkResultState>;
  error: string | null;
  attempts: ColumnType<number, number | undefined, number>;
  command_id: string | null;
  /** Migration 0015: whether sending a failed device again can succeed (transient failures). */
  retryable: ColumnType<boolean, boolean | undefined, boolean>;
  updated_at: Timestamp;
}

export interface FleetReportTable {
  org_id: string;
  report: string;
  fetched_at: Timestamp;
  data: JSONColumnType<object>;
}

export interface FleetRollupTable {
  org_id: string;
  dimension: string;
  bucket: string;
  device_count: number;
  computed_at: Timestamp;
}

/** Dashboard counts of one organizational unit (migration 0023); `ou_key` is its lower-case path. */
export interface FleetOuRollupTable {
  org_id: string;
  ou_key: string;
  dimension: string;
  bucket: string;
  device_count: number;
}

/** One day of one unit's trend counts (migration 0023). */
export interface FleetOuDailySnapshotTable {
  org_id: string;
  day: ColumnType<string, string, string>;
  ou_key: string;
  counts: JSONColumnType<Record<string, number>>;
}

/** One day of the fleet's health per organization (migration 0007), for the dashboard's trends. */
export interface FleetDailySnapshotTable {
  org_id: string;
  day: ColumnType<string, string, string>;
  counts: JSONColumnType<Record<string, number>>;
  computed_at: Timestamp;
}

export interface ReplacementCostSettingTable {
  org_id: string;
  default_cost_cents: number;
  currency: ColumnType<string, string | undefined, string>;
  updated_at: Timestamp;
  updated_by: string | null;
}

export interface ModelReplacementCostTable {
  org_id: string;
  model: string;
  cost_cents: number;
  updated_at: Timestamp;
}

/** A saved fleet-table view (migration 0005): private to its owner or shared with the organization. */
export interface SavedViewTable {
  id: Generated<string>;
  org_id: string;
  owner_id: string;
  /** The owner's name or email when saved, shown next to shared views. */
  owner_name: string | null;
  name: string;
  shared: ColumnType<boolean, boolean | undefined, boolean>;
  q: ColumnType<string, string | undefined, string>;
  columns: JSONColumnType<string[]>;
  sort: string;
  dir: 'asc' | 'desc';
  created_at: ColumnType<Date, Date | string | undefined, never>;
  updated_at: Timestamp;
}

export interface FleetTables {
  fleet_org_unit: FleetOrgUnitTable;
  fleet_device: FleetDeviceTable;
  fleet_device_history: FleetDeviceHistoryTable;
  fleet_telemetry_sample: FleetTelemetrySampleTable;
  fleet_device_command: FleetDeviceCommandTable;
  bulk_action_run: BulkActionRunTable;
  bulk_action_result: BulkActionResultTable;
  fleet_report: FleetReportTable;
  fleet_rollup: FleetRollupTable;
  fleet_daily_snapshot: FleetDailySnapshotTable;
  fleet_ou_rollup: FleetOuRollupTable;
  fleet_ou_daily_snapshot: FleetOuDailySnapshotTable;
  replacement_cost_setting: ReplacementCostSettingTable;
  model_replacement_cost: ModelReplacementCostTable;
  saved_view: SavedViewTable;
}
