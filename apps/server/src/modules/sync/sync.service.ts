import type { Kysely, Transaction } from 'kysely';
import type { PgBoss } from 'pg-boss';
import type { z } from 'zod';
import type {
  listSyncRunsResponseSchema,
  StartSyncRequest,
  SyncKind,
  SyncRun,
  SyncSchedule,
  UpdateSyncSchedule,
} from '@fleetdeck/shared/sync-contract';
import type { DB } from '../../db/schema.ts';
import { appErrors } from '../../errors/app-error.ts';
import { transactionDb } from '../../jobs/job-queue.ts';
import { SYNC_RUN_QUEUE, type SyncRunJob } from '../../jobs/sync-run.job.ts';
import { recordSourcedAudit, type AuditSource } from '../audit/audit-source.ts';
import { decodeRunCursor, encodeRunCursor, presentSyncRun } from './sync-run-presenter.ts';
import { ensureSchedule, lockSchedule, readSchedule, writeSchedule } from './sync-schedule.repository.ts';
import {
  createRun,
  getRun,
  hasSucceededFullRun,
  listRuns,
  latestSucceededFullRun,
  type NewSyncRun,
  type SyncRunRow,
} from './sync-run.repository.ts';

/**
 * Starting a sync: the run row and its job are written in one transaction (the job through the
 * transaction, never beside it), so a run never exists without a job or a job without a run.
 * An organization that already has an open run gets that run back; one without a complete copy yet
 * gets a full run whatever it asked for (an incremental run compares against the copy).
 *
 * The sync API's part: Sync now (audited in the transaction that creates the run), the run list
 * in keyset pages, one run, and the schedule (its change audited with what it replaced).
 */

export interface StartSyncInput extends NewSyncRun {
  readonly kind: SyncKind;
}

/** Why: "Sync now", the schedule and onboarding all start runs the same way. */
export async function startSync(
  db: Kysely<DB>,
  boss: PgBoss,
  input: StartSyncInput,
  /** Runs in the transaction that creates a new run (its audit entry), never for a run found open. */
  onCreated?: (trx: Transaction<DB>, run: SyncRunRow) => Promise<void>,
): Promise<{ run: SyncRunRow; created: boolean }> {
  return db.transaction().execute(async (trx) => {
    // Onboarding's sync makes the first copy; once one succeeded, a late or repeated start (a
    // reload as it finished) gets that run back instead of copying the fleet again.
    if (input.trigger === 'onboarding') {
      const done = await latestSucceededFullRun(trx, input.orgId);
      if (done) return { run: done, created: false };
    }
    await ensureSchedule(trx, input.orgId, input.customerId);
    const complete = input.kind === 'full' || (await hasSucceededFullRun(trx, input.orgId));
    const { row, created } = await createRun(trx, { ...input, kind: complete ? input.kind : 'full' });
    if (created) {
      const job: SyncRunJob = { runId: row.id, orgId: input.orgId };
      await boss.send(SYNC_RUN_QUEUE, job, { singletonKey: input.orgId, db: transactionDb(trx) });
      await onCreated?.(trx, row);
    }
    return { run: row, created };
  });
}

export interface SyncDeps {
  readonly db: Kysely<DB>;
  /** The job queue; absent in processes that do not run jobs (Sync now then answers 503). */
  readonly boss: PgBoss | undefined;
}

/** Who asks, as the audit log names them, and their organization's Google customer. */
export interface SyncCaller extends AuditSource {
  readonly customerId: string;
}

/** Why: a press that finds a run already open starts nothing: only a new run is an action. */
export async function syncNow(
  deps: SyncDeps,
  caller: SyncCaller,
  request: StartSyncRequest,
): Promise<{ run: SyncRun; created: boolean }> {
  if (!deps.boss)
    throw appErrors.unavailable('Syncing is not running on this server. Try again in a minute.');
  const { run, created } = await startSync(
    deps.db,
    deps.boss,
    { ...caller, kind: request.kind, trigger: request.trigger, requestedBy: caller.userId },
    (trx, started) =>
      recordSourcedAudit(trx, caller, {
        action: 'sync.started',
        targetType: 'sync_run',
        targetId: started.id,
        details: { kind: started.kind, trigger: request.trigger },
      }),
  );
  return { run: presentSyncRun(run), created };
}

/** Why: newest first; a page link cut short or forged is a clear 400. */
export async function syncRunsPage(
  deps: Pick<SyncDeps, 'db'>,
  orgId: string,
  query: { limit: number; cursor?: string | undefined },
): Promise<z.infer<typeof listSyncRunsResponseSchema>> {
  const after = query.cursor === undefined ? undefined : decodeRunCursor(query.cursor);
  if (query.cursor !== undefined && !after) {
    throw appErrors.invalidRequest('This page link is not valid any more. Reload the list of sync runs.');
  }
  const rows = await listRuns(deps.db, orgId, { limit: query.limit + 1, after });
  const page = rows.slice(0, query.limit);
  const last = page.at(-1);
  return {
    runs: page.map(presentSyncRun),
    nextCursor: rows.length > query.limit && last ? encodeRunCursor(last) : null,
  };
}

/** Why: another organization's run answers 404, like one that never existed. */
export async function syncRunOf(deps: Pick<SyncDeps, 'db'>, orgId: string, runId: string): Promise<SyncRun> {
  const run = await getRun(deps.db, orgId, runId);
  if (!run) throw appErrors.notFound('This sync run does not exist in your organization.');
  return presentSyncRun(run);
}

export function syncScheduleOf(deps: Pick<SyncDeps, 'db'>, orgId: string): Promise<SyncSchedule> {
  return readSchedule(deps.db, orgId);
}

/** Why: the change and its audit entry (before and after) commit together. */
export function changeSyncSchedule(
  deps: Pick<SyncDeps, 'db'>,
  caller: SyncCaller,
  schedule: UpdateSyncSchedule,
): Promise<SyncSchedule> {
  return deps.db.transaction().execute(async (trx) => {
    // The row is locked first, so the "before" recorded is the one this write replaced.
    await lockSchedule(trx, caller.orgId);
    const before = await readSchedule(trx, caller.orgId);
    const after = await writeSchedule(trx, caller.orgId, caller.customerId, schedule);
    await recordSourcedAudit(trx, caller, {
      action: 'sync.schedule_changed',
      targetType: 'organization',
      targetId: caller.orgId,
      details: {
        before: {
          enabled: before.enabled,
          intervalMinutes: before.intervalMinutes,
          fullEveryHours: before.fullEveryHours,
        },
        after: schedule,
      },
    });
    return after;
  });
}
