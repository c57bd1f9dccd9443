import { sql, type Kysely } from 'kysely';
import type { BulkAction } from '@fleetdeck/shared/bulk-contract';
import type { BulkRunStatus } from '../../db/fleet-schema.ts';
import type { DB } from '../../db/schema.ts';

/**
 * The SQL of running a bulk run: its lease (one process at a time runs it), its pending devices,
 * the results of a chunk, its end; and the runs whose process stopped (the lease lapsed).
 */

export interface ClaimedRun {
  readonly id: string;
  readonly org_id: string;
  readonly customer_id: string;
  readonly action: BulkAction | string;
  readonly requested_by: string | null;
}

/** What a lease statement needs: which run, which process, for how long. */
export interface Lease {
  readonly workerId: string;
  readonly leaseMs: number;
}

/** A device's result as a chunk's commit writes it. */
export interface ResultRow {
  readonly device_id: string;
  readonly state: 'succeeded' | 'failed';
  readonly error: string | null;
  readonly command_id: string | null;
  readonly retryable: boolean;
}

const until = (lease: Lease) => sql`now() + ${`${lease.leaseMs} milliseconds`}::interval`;

/** Why: a queued run, or a running one whose lease lapsed or is this process's, is taken with a lease. */
export async function claimRun(
  db: Kysely<DB>,
  orgId: string,
  runId: string,
  lease: Lease,
): Promise<ClaimedRun | undefined> {
  const { rows } = await sql<ClaimedRun>`
    update bulk_action_run set status = 'running', started_at = coalesce(started_at, now()),
      lease_owner = ${lease.workerId}, lease_until = ${until(lease)}
    where org_id = ${orgId} and id = ${runId}::uuid and status in ('queued', 'running')
      and (lease_until is null or lease_until < now() or lease_owner = ${lease.workerId})
    returning id, org_id, customer_id, action, requested_by`.execute(db);
  return rows[0];
}

/** Why: false when another process took the run over (this one stalled past its lease). */
export async function renewLease(db: Kysely<DB>, run: ClaimedRun, lease: Lease): Promise<boolean> {
  const result = await sql`update bulk_action_run set lease_until = ${until(lease)}
    where org_id = ${run.org_id} and id = ${run.id}::uuid and lease_owner = ${lease.workerId}`.execute(db);
  return Number(result.numAffectedRows ?? 0) > 0;
}

/** Why: a run stopped between chunks lets its lease lapse now, so another process resumes it at once. */
export async function releaseLease(db: Kysely<DB>, run: ClaimedRun, lease: Lease): Promise<void> {
  await sql`update bulk_action_run set lease_until = now(), lease_owner = null
    where org_id = ${run.org_id} and id = ${run.id}::uuid and lease_owner = ${lease.workerId}`.execute(db);
}

/** The next chunk: pending devices in a stable order. */
export async function pendingDevices(db: Kysely<DB>, run: ClaimedRun, limit: number): Promise<string[]> {
  const rows = await db
    .selectFrom('bulk_action_result')
    .select('device_id')
    .where('org_id', '=', run.org_id)
    .where('run_id', '=', run.id)
    .where('state', '=', 'pending')
    .orderBy('device_id')
    .limit(limit)
    .execute();
  return rows.map((row) => row.device_id);
}

/** Why: devices a stopped run never reached fail with the reason; a retry may send them later. */
export async function failUnsent(db: Kysely<DB>, run: ClaimedRun, reason: string): Promise<void> {
  await db
    .updateTable('bulk_action_result')
    .set({ state: 'failed', error: `Not sent: ${reason}`, retryable: true, updated_at: sql<Date>`now()` })
    .where('org_id', '=', run.org_id)
    .where('run_id', '=', run.id)
    .where('state', '=', 'pending')
    .execute();
}

/** Why: one statement for a chunk's results; a row settled already (not pending) is left alone. */
export async function saveResults(
  tx: Kysely<DB>,
  run: ClaimedRun,
  rows: readonly ResultRow[],
): Promise<void> {
  await sql`
    update bulk_action_result b set state = r.state, error = r.error, command_id = r.command_id,
      retryable = r.retryable, attempts = b.attempts + 1, updated_at = now()
    from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb)
      as r(device_id text, state text, error text, command_id text, retryable boolean)
    where b.org_id = ${run.org_id} and b.run_id = ${run.id}::uuid and b.device_id = r.device_id
      and b.state = 'pending'`.execute(tx);
}

/** The run's end: its status, its lease given up. */
export async function closeRun(tx: Kysely<DB>, run: ClaimedRun, status: BulkRunStatus): Promise<void> {
  await tx
    .updateTable('bulk_action_run')
    .set({ status, finished_at: sql<Date>`now()`, lease_owner: null, lease_until: null })
    .where('org_id', '=', run.org_id)
    .where('id', '=', run.id)
    .execute();
}

/** A move's target unit, unless it was deleted since the run started. */
export async function targetUnit(db: Kysely<DB>, orgId: string, orgUnitId: string) {
  return db
    .selectFrom('fleet_org_unit')
    .select(['org_unit_id', 'org_unit_path'])
    .where('org_id', '=', orgId)
    .where('org_unit_id', '=', orgUnitId)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
}

/** Why: commands this run already issued to these devices (by device), never sent again. */
export async function issuedCommands(
  db: Kysely<DB>,
  run: ClaimedRun,
  deviceIds: readonly string[],
): Promise<Map<string, string>> {
  const rows = await db
    .selectFrom('fleet_device_command')
    .select(['device_id', 'command_id'])
    .where('org_id', '=', run.org_id)
    .where('bulk_run_id', '=', run.id)
    .where('device_id', 'in', deviceIds)
    .execute();
  return new Map(rows.map((row) => [row.device_id, row.command_id]));
}

/** Why: queued or running runs nobody holds (their process stopped, or their job was never sent). */
export async function staleRuns(db: Kysely<DB>, limit: number): Promise<{ org_id: string; id: string }[]> {
  return db
    .selectFrom('bulk_action_run')
    .select(['org_id', 'id'])
    .where('status', 'in', ['queued', 'running'])
    .where((eb) => eb.or([eb('lease_until', 'is', null), eb('lease_until', '<', sql<Date>`now()`)]))
    .orderBy('created_at')
    .limit(limit)
    .execute();
}

/** A run's status now, or undefined when there is no such run. */
export async function runStatus(
  db: Kysely<DB>,
  orgId: string,
  runId: string,
): Promise<BulkRunStatus | undefined> {
  const row = await db
    .selectFrom('bulk_action_run')
    .select('status')
    .where('org_id', '=', orgId)
    .where('id', '=', runId)
    .executeTakeFirst();
  return row?.status;
}
