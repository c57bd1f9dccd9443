import type { Kysely, Transaction } from 'kysely';
import type { PgBoss } from 'pg-boss';
import type { SyncKind } from '@fleetdeck/shared/sync-contract';
import type { DB } from '../../db/schema.ts';
import { transactionDb } from '../../jobs/job-queue.ts';
import { SYNC_RUN_QUEUE, type SyncRunJob } from '../../jobs/sync-run.job.ts';
import { ensureSchedule } from './sync-schedule.repository.ts';
import {
  createRun,
  hasSucceededFullRun,
  latestSucceededFullRun,
  type NewSyncRun,
  type SyncRunRow,
} from './sync-run.repository.ts';

/**
 * Starting a sync: the run row and its job are written in one transaction (the job through the
 * transaction, never beside it), so a run never exists without a job or a job without a run.
 * An organization that already has an open run gets that run back; one without a complete copy yet
 * gets a full run whatever it asked for (an incremental run compares against the copy).
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
