import { sql, type Kysely } from 'kysely';
import type {
  BulkAction,
  BulkActionDetail,
  BulkActionRun,
  BULK_RESULT_STATES,
} from '@fleetdeck/shared/bulk-contract';
import type { BulkRunStatus } from '../../db/fleet-schema.ts';
import type { DB } from '../../db/schema.ts';
import type { Executor } from '../fleet-store/device-page-writer.ts';
import { appErrors } from '../../errors/app-error.ts';
import { NO_CHANGE_PREFIX } from './bulk-eligibility.ts';

/**
 * Bulk runs and their per-device results in the database: creating a run with one row per device
 * (pending, or skipped with why it is not sent), counting, finishing, re-queuing failures, and presenting runs and result pages.
 */

type ResultState = (typeof BULK_RESULT_STATES)[number];
const INSERT_BATCH = 5_000;
const RESULT_PAGE = 100;

export interface NewRun {
  readonly orgId: string;
  readonly customerId: string;
  readonly action: BulkAction;
  readonly target: Record<string, unknown>;
  readonly requestedBy: string;
  readonly deviceIds: readonly string[];
  /** Of `deviceIds`, the devices not sent to Google, with why ("No change: …", "Skipped: …"). */
  readonly notSent: readonly { deviceId: string; note: string }[];
}

/** Why: the run and all its pending rows commit together, so a crash never leaves half a run. */
export async function createRun(db: Executor, run: NewRun): Promise<string> {
  const row = await db
    .insertInto('bulk_action_run')
    .values({
      org_id: run.orgId,
      customer_id: run.customerId,
      kind: run.action.kind,
      action: JSON.stringify(run.action),
      target: JSON.stringify(run.target),
      total: run.deviceIds.length,
      requested_by: run.requestedBy,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  for (let i = 0; i < run.deviceIds.length; i += INSERT_BATCH) {
    const ids = JSON.stringify(run.deviceIds.slice(i, i + INSERT_BATCH));
    await sql`
      insert into bulk_action_result (org_id, run_id, device_id, serial_number)
      select ${run.orgId}, ${row.id}::uuid, d.device_id, d.serial_number
      from fleet_device d
      where d.org_id = ${run.orgId}
        and d.device_id = any(array(select jsonb_array_elements_text(${ids}::jsonb)))`.execute(db);
  }
  for (let i = 0; i < run.notSent.length; i += INSERT_BATCH) {
    const rows = JSON.stringify(run.notSent.slice(i, i + INSERT_BATCH));
    await sql`
      update bulk_action_result b set state = 'skipped', error = r."note", retryable = false
      from jsonb_to_recordset(${rows}::jsonb) as r("deviceId" text, "note" text)
      where b.org_id = ${run.orgId} and b.run_id = ${row.id}::uuid and b.device_id = r."deviceId"`.execute(
      db,
    );
  }
  return row.id;
}

/** `startedBy`: only the runs this member started (callers limited to units see no one else's). */
function runSelect(db: Kysely<DB>, orgId: string, startedBy?: string) {
  const runs = db.selectFrom('bulk_action_run as r');
  return (startedBy === undefined ? runs : runs.where('r.requested_by', '=', startedBy))
    .leftJoin('user as u', 'u.id', 'r.requested_by')
    .select([
      'r.id',
      'r.org_id',
      'r.customer_id',
      'r.kind',
      'r.action',
      'r.status',
      'r.total',
      'r.requested_by',
      'r.created_at',
      'r.finished_at',
      'u.name as requester_name',
      'u.email as requester_email',
    ])
    .where('r.org_id', '=', orgId);
}

type RunRow = Awaited<ReturnType<ReturnType<typeof runSelect>['executeTakeFirstOrThrow']>>;

export type RunCounts = Record<ResultState, number> & { retryable: number; unchanged: number };

/** Counts per state of one run, with the failures a retry can fix and the devices already as asked. */
export async function countResults(db: Executor, orgId: string, runId: string): Promise<RunCounts> {
  const rows = await db
    .selectFrom('bulk_action_result')
    .select([
      'state',
      sql<number>`count(*)::int`.as('n'),
      sql<number>`(count(*) filter (where retryable))::int`.as('retryable'),
      sql<number>`(count(*) filter (where error like ${`${NO_CHANGE_PREFIX}:%`}))::int`.as('unchanged'),
    ])
    .where('org_id', '=', orgId)
    .where('run_id', '=', runId)
    .groupBy('state')
    .execute();
  const counts: RunCounts = { pending: 0, succeeded: 0, failed: 0, skipped: 0, retryable: 0, unchanged: 0 };
  for (const row of rows) {
    counts[row.state] = row.n;
    if (row.state === 'failed') counts.retryable = row.retryable;
    if (row.state === 'skipped') counts.unchanged = row.unchanged;
  }
  return counts;
}

/** Why: a run's final status follows from its rows: all done, some failed, or nothing done. */
export function finalStatus(counts: Record<ResultState, number>): BulkRunStatus {
  if (counts.failed === 0) return 'succeeded';
  return counts.succeeded > 0 ? 'partially_failed' : 'failed';
}

async function presentRuns(db: Kysely<DB>, rows: RunRow[]): Promise<BulkActionRun[]> {
  return Promise.all(
    rows.map(async (row) => {
      const counts = await countResults(db, row.org_id, row.id);
      return {
        id: row.id,
        action: (typeof row.action === 'string' ? JSON.parse(row.action) : row.action) as BulkAction,
        status: row.status,
        total: row.total,
        succeeded: counts.succeeded,
        failed: counts.failed,
        retryable: counts.retryable,
        skipped: counts.skipped,
        unchanged: counts.unchanged,
        pending: counts.pending,
        createdAt: new Date(row.created_at).toISOString(),
        finishedAt: row.finished_at ? new Date(row.finished_at).toISOString() : null,
        requestedBy: row.requested_by
          ? { id: row.requested_by, name: row.requester_name, email: row.requester_email }
          : null,
      };
    }),
  );
}

/** Why: one run of the caller's organization, or the 404 another organization's id gets. */
export async function getRun(
  db: Kysely<DB>,
  orgId: string,
  runId: string,
  startedBy?: string,
): Promise<BulkActionRun> {
  const rows = await runSelect(db, orgId, startedBy).where('r.id', '=', runId).execute();
  const [run] = await presentRuns(db, rows);
  if (!run) throw appErrors.notFound('This bulk action was not found in your organization.');
  return run;
}

/** Why: the recent runs list (newest first). */
export async function listRuns(
  db: Kysely<DB>,
  orgId: string,
  limit: number,
  startedBy?: string,
): Promise<BulkActionRun[]> {
  const rows = await runSelect(db, orgId, startedBy)
    .orderBy('r.created_at', 'desc')
    .orderBy('r.id', 'desc')
    .limit(limit)
    .execute();
  return presentRuns(db, rows);
}

/** Why: the results page, by device id, optionally one state only. */
export async function getRunDetail(
  db: Kysely<DB>,
  orgId: string,
  runId: string,
  query: { cursor?: string | undefined; state?: ResultState | undefined },
  startedBy?: string,
): Promise<BulkActionDetail> {
  const run = await getRun(db, orgId, runId, startedBy);
  let after: string | undefined;
  if (query.cursor !== undefined) {
    after = Buffer.from(query.cursor, 'base64url').toString('utf8');
    if (!after) throw appErrors.invalidRequest('This page link is not valid any more. Reload the results.');
  }
  let q = db
    .selectFrom('bulk_action_result')
    .select(['device_id', 'serial_number', 'state', 'error', 'attempts', 'retryable'])
    .where('org_id', '=', orgId)
    .where('run_id', '=', runId)
    .orderBy('device_id')
    .limit(RESULT_PAGE + 1);
  if (query.state) q = q.where('state', '=', query.state);
  if (after !== undefined) q = q.where('device_id', '>', after);
  const rows = await q.execute();
  const page = rows.slice(0, RESULT_PAGE);
  const last = page.at(-1);
  return {
    run,
    results: page.map((row) => ({
      deviceId: row.device_id,
      serialNumber: row.serial_number,
      state: row.state,
      error: row.error,
      attempts: row.attempts,
      retryable: row.state === 'failed' && row.retryable,
    })),
    nextCursor: rows.length > RESULT_PAGE && last ? Buffer.from(last.device_id).toString('base64url') : null,
  };
}
