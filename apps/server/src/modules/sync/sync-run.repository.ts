import { sql, type Selectable } from 'kysely';
import type { SyncError, SyncKind, SyncProgress } from '@fleetdeck/shared/sync-contract';
import type { SyncRunTable } from '../../db/sync-schema.ts';
import type { Executor } from '../fleet-store/device-page-writer.ts';

/**
 * Sync runs: created by "Sync now" or the schedule, claimed by exactly one worker through a lease
 * (renewed while it works, so a crashed worker's run is taken over once the lease lapses), and
 * finished with a status. At most one open run per organization (a partial unique index).
 */

export type SyncRunRow = Selectable<SyncRunTable>;

export interface NewSyncRun {
  readonly orgId: string;
  readonly customerId: string;
  readonly kind: SyncKind;
  readonly trigger: 'manual' | 'schedule' | 'onboarding';
  readonly requestedBy: string | null;
}

/** Why: "Sync now" pressed twice must not start two runs; the open one is returned instead. */
export async function createRun(
  db: Executor,
  run: NewSyncRun,
): Promise<{ row: SyncRunRow; created: boolean }> {
  const inserted = await db
    .insertInto('sync_run')
    .values({
      org_id: run.orgId,
      customer_id: run.customerId,
      kind: run.kind,
      trigger: run.trigger,
      requested_by: run.requestedBy,
    })
    .onConflict((oc) => oc.column('org_id').where('status', 'in', ['queued', 'running']).doNothing())
    .returningAll()
    .executeTakeFirst();
  if (inserted) return { row: inserted, created: true };
  const open = await findOpenRun(db, run.orgId);
  if (!open) throw new Error('A sync run conflicted with an open run that no longer exists; retry.');
  return { row: open, created: false };
}

export async function findOpenRun(db: Executor, orgId: string): Promise<SyncRunRow | undefined> {
  return db
    .selectFrom('sync_run')
    .selectAll()
    .where('org_id', '=', orgId)
    .where('status', 'in', ['queued', 'running'])
    .executeTakeFirst();
}

export async function getRun(db: Executor, orgId: string, runId: string): Promise<SyncRunRow | undefined> {
  return db
    .selectFrom('sync_run')
    .selectAll()
    .where('org_id', '=', orgId)
    .where('id', '=', runId)
    .executeTakeFirst();
}

/** Keyset pagination on (created_at, id), newest first. */
export async function listRuns(
  db: Executor,
  orgId: string,
  page: { limit: number; after?: { createdAt: string; id: string } | undefined },
): Promise<(SyncRunRow & { cursor_at: string })[]> {
  let query = db
    .selectFrom('sync_run')
    .selectAll()
    .select(sql<string>`created_at::text`.as('cursor_at'))
    .where('org_id', '=', orgId);
  const after = page.after;
  if (after) {
    const at = sql<Date>`${after.createdAt}::timestamptz`;
    query = query.where((eb) =>
      eb.or([eb('created_at', '<', at), eb.and([eb('created_at', '=', at), eb('id', '<', after.id)])]),
    );
  }
  return query.orderBy('created_at', 'desc').orderBy('id', 'desc').limit(page.limit).execute();
}

/**
 * Why: the single gate between "a job was delivered" and "a sync executes": only one worker holds
 * an unexpired lease, so a duplicate delivery or a second process cannot run the same sync twice.
 */
export async function claimRun(
  db: Executor,
  runId: string,
  owner: string,
  leaseMs: number,
): Promise<SyncRunRow | undefined> {
  return db
    .updateTable('sync_run')
    .set({
      status: 'running',
      lease_owner: owner,
      lease_until: sql<Date>`now() + ${leaseMs} * interval '1 millisecond'`,
      attempts: sql<number>`attempts + 1`,
      started_at: sql<Date>`coalesce(started_at, now())`,
    })
    .where('id', '=', runId)
    .where((eb) =>
      eb.or([
        eb('status', '=', 'queued'),
        eb.and([
          eb('status', '=', 'running'),
          // `<=`: a released lease ends at now(), and a claim in the same clock tick must see it ended.
          eb.or([eb('lease_until', '<=', sql<Date>`now()`), eb('lease_owner', '=', owner)]),
        ]),
      ]),
    )
    .returningAll()
    .executeTakeFirst();
}

/** Why: progress is saved with the lease renewal, and a lost lease tells the worker to stop. */
export async function saveRunState(
  db: Executor,
  runId: string,
  owner: string,
  leaseMs: number,
  state: { phase: string; progress: SyncProgress; errors: readonly SyncError[] },
): Promise<boolean> {
  const result = await db
    .updateTable('sync_run')
    .set({
      phase: state.phase,
      progress: JSON.stringify(state.progress),
      errors: JSON.stringify(state.errors.slice(-100)),
      lease_until: sql<Date>`now() + ${leaseMs} * interval '1 millisecond'`,
    })
    .where('id', '=', runId)
    .where('lease_owner', '=', owner)
    .where('status', '=', 'running')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function finishRun(
  db: Executor,
  runId: string,
  owner: string,
  outcome: {
    status: 'succeeded' | 'failed' | 'cancelled';
    phase: string;
    progress: SyncProgress;
    errors: readonly SyncError[];
  },
): Promise<boolean> {
  const result = await db
    .updateTable('sync_run')
    .set({
      status: outcome.status,
      phase: outcome.phase,
      progress: JSON.stringify(outcome.progress),
      errors: JSON.stringify(outcome.errors.slice(-100)),
      finished_at: sql<Date>`now()`,
      lease_owner: null,
      lease_until: null,
    })
    .where('id', '=', runId)
    .where('lease_owner', '=', owner)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Why: a run whose job was lost for good (retries exhausted) must not block the next run forever. */
export async function failAbandonedRun(db: Executor, runId: string, message: string): Promise<void> {
  const error: SyncError = {
    at: new Date().toISOString(),
    phase: 'queued',
    code: 'job_failed',
    message: message.slice(0, 2000),
    recovered: false,
  };
  await db
    .updateTable('sync_run')
    .set({
      status: 'failed',
      finished_at: sql<Date>`now()`,
      errors: sql<string>`errors || ${JSON.stringify([error])}::jsonb`,
      lease_owner: null,
      lease_until: null,
    })
    .where('id', '=', runId)
    .where('status', 'in', ['queued', 'running'])
    .where((eb) => eb.or([eb('lease_until', 'is', null), eb('lease_until', '<', sql<Date>`now()`)]))
    .execute();
}

/** The device count of the organization's last successful run, the base of the time estimate. */
export async function lastCompleteDeviceCount(db: Executor, orgId: string): Promise<number | null> {
  const row = await db
    .selectFrom('sync_run')
    .select(sql<number | null>`(progress->>'devicesSeen')::int`.as('devices'))
    .where('org_id', '=', orgId)
    .where('status', '=', 'succeeded')
    .orderBy('finished_at', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row?.devices ?? null;
}

/** Why: onboarding's first copy, once made, is handed back instead of made again. */
export async function latestSucceededFullRun(db: Executor, orgId: string): Promise<SyncRunRow | undefined> {
  return db
    .selectFrom('sync_run')
    .selectAll()
    .where('org_id', '=', orgId)
    .where('kind', '=', 'full')
    .where('status', '=', 'succeeded')
    .orderBy('created_at', 'desc')
    .limit(1)
    .executeTakeFirst();
}

/** Why: an incremental run needs a complete copy to compare with; before one exists it must be full. */
export async function hasSucceededFullRun(db: Executor, orgId: string): Promise<boolean> {
  const row = await db
    .selectFrom('sync_run')
    .select('id')
    .where('org_id', '=', orgId)
    .where('kind', '=', 'full')
    .where('status', '=', 'succeeded')
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}
