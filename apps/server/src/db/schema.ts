import type { ColumnType, Generated, JSONColumnType } from 'kysely';

/** Tables owned by Fleetdeck's migrations. Every tenant table carries org_id. */
export interface AuditLogTable {
  id: Generated<string>;
  occurred_at: ColumnType<Date, Date | string | undefined, never>;
  org_id: string | null;
  actor_user_id: string | null;
  actor_label: string | null;
  action: string;
  target_type: string | null;
  target_id: string | null;
  outcome: 'success' | 'failure';
  ip: string | null;
  user_agent: string | null;
  request_id: string | null;
  details: JSONColumnType<Record<string, unknown>, Record<string, unknown> | undefined>;
}

export interface DB {
  audit_log: AuditLogTable;
}
