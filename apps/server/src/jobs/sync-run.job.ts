import type { JobWithMetadata, PgBoss } from 'pg-boss';
import { z } from 'zod';
import { executeSyncRun, type SyncEngineOptions } from '../modules/sync/sync-engine.ts';
import { failAbandonedRun, getRun } from '../modules/sync/sync-run.repository.ts';
import { RUN_QUEUE_DEFAULTS, workEachJob, type RunWorkerOptions } from './job-queue.ts';

/**
 * The `sync-run` queue: one job per sync run, keyed by organization so pg-boss never hands two of
 * one organization's jobs out at once (singleton policy), retried with exponential backoff, with a
 * heartbeat so a worker killed mid-run loses its job to another worker within half a minute.
 */

export const SYNC_RUN_QUEUE = 'sync-run';

export const syncRunJobSchema = z.object({ runId: z.uuid(), orgId: z.string().min(1).max(200) });
export type SyncRunJob = z.infer<typeof syncRunJobSchema>;

export const SYNC_RUN_QUEUE_OPTIONS = {
  policy: 'singleton',
  retryLimit: 6,
  retryDelay: 5,
  retryDelayMax: 300,
  expireInSeconds: 4 * 3600,
  ...RUN_QUEUE_DEFAULTS,
} as const;

/** On shutdown, runs stop between pages and leave their checkpoints for the next worker. */
export interface SyncRunWorkerOptions extends RunWorkerOptions {
  readonly engine: SyncEngineOptions;
  /** Syncs this process runs at once (different organizations). */
  readonly batchSize?: number | undefined;
}

/** Why: creates the queue (idempotent) so senders and workers agree on its policy. */
export async function ensureSyncRunQueue(boss: PgBoss): Promise<void> {
  await boss.createQueue(SYNC_RUN_QUEUE, SYNC_RUN_QUEUE_OPTIONS);
}

/** Why: turns delivered jobs into executed runs; returns the worker id for `offWork`. */
export async function workSyncRuns(options: SyncRunWorkerOptions): Promise<string> {
  return workEachJob<SyncRunJob>(
    options.boss,
    SYNC_RUN_QUEUE,
    {
      batchSize: options.batchSize ?? 2,
      burstWhenBatchFull: true,
      pollingIntervalSeconds: options.pollingIntervalSeconds ?? 2,
    },
    (job) => runJob(options, job),
  );
}

async function runJob(options: SyncRunWorkerOptions, job: JobWithMetadata<SyncRunJob>): Promise<void> {
  const data = syncRunJobSchema.parse(job.data);
  const finalAttempt = job.retryCount >= job.retryLimit;
  const signal = AbortSignal.any([job.signal, options.shutdown]);
  const outcome = await executeSyncRun(options.engine, data.runId, { signal, finalAttempt });
  if (outcome !== 'not_claimed') return;
  const run = await getRun(options.db, data.orgId, data.runId);
  if (!run || (run.status !== 'queued' && run.status !== 'running')) return;
  // Another worker holds the run's lease. If it is alive it finishes the run; if it died, a retry
  // after its lease lapses takes the run over. On the last attempt, a run nobody holds is failed.
  if (finalAttempt) {
    await failAbandonedRun(options.db, data.runId, 'The sync could not be resumed after several attempts.');
    return;
  }
  throw new Error(`Sync run ${data.runId} is held by another worker; retrying later.`);
}
