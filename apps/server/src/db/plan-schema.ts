import type { ColumnType, Generated, JSONColumnType } from 'kysely';

/** Tables of change plans (migration 0024, decision 042); merged into `DB`. */

type NullableTimestamp = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;

export type PlanStateColumn =
  | 'building'
  | 'draft'
  | 'awaiting_approval'
  | 'approved'
  | 'running'
  | 'paused'
  | 'done'
  | 'undone'
  | 'cancelled';

export interface PlanTable {
  id: Generated<string>;
  org_id: string;
  kind: 'csv_update' | 'rollover' | 'bulk_action' | 'undo';
  title: string;
  state: ColumnType<PlanStateColumn, PlanStateColumn | undefined, PlanStateColumn>;
  source: JSONColumnType<Record<string, unknown>, string | undefined>;
  permissions: JSONColumnType<string[], string | undefined>;
  counts: JSONColumnType<Record<string, number>, string | undefined>;
  item_count: ColumnType<number, number | undefined, number>;
  change_count: ColumnType<number, number | undefined, number>;
  /** Every OU the plan's changes take devices from or to (who limited to units may see or approve it). */
  unit_paths: JSONColumnType<string[], string | undefined>;
  created_by: string;
  created_at: ColumnType<Date, Date | string | undefined, never>;
  submitted_at: NullableTimestamp;
  approval_threshold: number | null;
  approval_required: boolean | null;
  approved_by: string | null;
  approved_at: NullableTimestamp;
  cancelled_by: string | null;
  cancelled_at: NullableTimestamp;
  started_at: NullableTimestamp;
  finished_at: NullableTimestamp;
  lease_owner: string | null;
  lease_until: NullableTimestamp;
  undo_of: string | null;
  /** Migration 0025: the member who started the run (its changes are checked against their units). */
  run_by: string | null;
  paused_by: string | null;
  paused_at: NullableTimestamp;
  /** Why a run stopped or ended early (the member's rights gone, Google's grant refused). */
  run_note: string | null;
  /** Migration 0026: the bulk run a plan of device commands or deprovisions started (it follows its end). */
  bulk_run_id: ColumnType<string | null, string | null | undefined, string | null>;
}

export type PlanItemRunState = 'pending' | 'sending' | 'succeeded' | 'failed' | 'skipped';

export interface PlanItemTable {
  org_id: string;
  plan_id: string;
  item_no: number;
  row_no: number | null;
  key_input: string | null;
  device_id: string | null;
  serial_number: string | null;
  outcome: 'change' | 'unchanged' | 'not_found' | 'ambiguous' | 'out_of_scope' | 'invalid' | 'changed_since';
  reason: string | null;
  match_count: number | null;
  apply_order: ColumnType<number, number | undefined, number>;
  before: JSONColumnType<Record<string, string | null> | null, string | null | undefined, string | null>;
  change: JSONColumnType<Record<string, string> | null, string | null | undefined, string | null>;
  /** `sending` is written before Google is called, so a resumed run never acts twice (decision 037). */
  run_state: ColumnType<PlanItemRunState, PlanItemRunState | undefined, PlanItemRunState>;
  run_message: string | null;
  attempts: ColumnType<number, number | undefined, number>;
  updated_at: ColumnType<Date, Date | string | undefined, Date | string>;
  /** An item with an OU or field change and a status change: its first call went through. */
  write_done: ColumnType<boolean, boolean | undefined, boolean>;
}

/** The organization's write budget every running plan takes its turns from (migration 0025). */
export interface PlanWriteBudgetTable {
  org_id: string;
  /** Writes a minute it runs at now: the owner's setting, lowered on Google's quota errors. */
  rate: number;
  next_at: ColumnType<Date, Date | string | undefined, Date | string>;
  cool_until: NullableTimestamp;
  last_quota_at: NullableTimestamp;
  raised_at: ColumnType<Date, Date | string | undefined, Date | string>;
  quota_errors: ColumnType<number, number | undefined, number>;
}

export interface PlanTables {
  plan: PlanTable;
  plan_item: PlanItemTable;
  plan_write_budget: PlanWriteBudgetTable;
}
