import type { ColumnType, Generated, JSONColumnType } from 'kysely';

/** Tables of the sync engine (migrations 0004, 0012 and 0013); merged into `DB`. */

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type NullableTimestamp = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;

export type SyncRunStatus = 'queued' | 'running' | 'succeeded' | 'failed' | 'cancelled';

export interface SyncRunTable {
  id: Generated<string>;
  org_id: string;
  customer_id: string;
  kind: 'full' | 'incremental';
  trigger: 'manual' | 'schedule' | 'onboarding';
  requested_by: string | null;
  status: ColumnType<SyncRunStatus, SyncRunStatus | undefined, SyncRunStatus>;
  phase: ColumnType<string, string | undefined, string>;
  created_at: ColumnType<Date, Date | string | undefined, never>;
  started_at: NullableTimestamp;
  finished_at: NullableTimestamp;
  attempts: ColumnType<number, number | undefined, number>;
  lease_owner: string | null;
  lease_until: NullableTimestamp;
  progress: JSONColumnType<Record<string, unknown>, string | undefined>;
  errors: JSONColumnType<unknown[], string | undefined>;
}

export interface SyncCheckpointTable {
  org_id: string;
  run_id: string;
  phase: string;
  shard: string;
  position: ColumnType<number, number | undefined, number>;
  page_token: string | null;
  pages: ColumnType<number, number | undefined, number>;
  items: ColumnType<number, number | undefined, number>;
  restarts: ColumnType<number, number | undefined, number>;
  done: ColumnType<boolean, boolean | undefined, boolean>;
  /** Migration 0013: the id of the last item the chain's last committed page listed. */
  last_item: ColumnType<string | null, string | null | undefined, string | null>;
  updated_at: Timestamp;
}

export interface SyncScheduleTable {
  org_id: string;
  customer_id: string;
  enabled: ColumnType<boolean, boolean | undefined, boolean>;
  interval_minutes: ColumnType<number, number | undefined, number>;
  full_every_hours: ColumnType<number, number | undefined, number>;
  next_run_at: Timestamp;
  last_full_at: NullableTimestamp;
  updated_at: Timestamp;
}

/**
 * Migration 0012: the devices one page of a sync run listed, for the sweep (one row per page; a
 * page written again merges into the row keyed by its smallest device id).
 */
export interface FleetDeviceSeenPageTable {
  org_id: string;
  run_id: string;
  page_key: string;
  device_ids: string[];
}

export interface SyncTables {
  fleet_device_seen_page: FleetDeviceSeenPageTable;
  sync_run: SyncRunTable;
  sync_checkpoint: SyncCheckpointTable;
  sync_schedule: SyncScheduleTable;
}
