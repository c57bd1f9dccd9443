import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { JobWithMetadata, PgBoss } from 'pg-boss';
import { z } from 'zod';
import type { DB } from '../db/schema.ts';
import type { DeviceDeps } from '../modules/devices/device-context.ts';
import { runStatus, staleRuns } from '../modules/devices/bulk-run.repository.ts';
import { createBulkRunner, type BulkRunner, type BulkRunQueue } from '../modules/devices/bulk-runner.ts';
import { runBulkRunsHere } from './bulk-run-local.job.ts';
import { repeatEvery, RUN_QUEUE_DEFAULTS, workEachJob, type RunWorkerOptions } from './job-queue.ts';

/**
 * The `bulk-run` queue (decisions 010, 037 and 044): one job runs one bulk run to its end, keyed
 * by run (`stately`: one queued and one active job per run). The run's lease, not the queue, keeps
 * two processes off one run: a job that finds it held by a live process is retried later. A worker
 * killed mid-run loses its job after the heartbeat; besides, every 30 s each process puts back on
 * the queue the queued or running runs nobody holds (their process stopped, or their job was never
 * sent), so a run goes on from its pending rows whatever stopped it.
 */

export const BULK_RUN_QUEUE = 'bulk-run';
export const BULK_RESUME_INTERVAL_MS = 30_000;

export const bulkRunJobSchema = z.object({ orgId: z.string().min(1).max(200), runId: z.uuid() });
export type BulkRunJob = z.infer<typeof bulkRunJobSchema>;

export const BULK_RUN_QUEUE_OPTIONS = {
  policy: 'stately',
  retryLimit: 50,
  retryDelay: 10,
  retryDelayMax: 120,
  expireInSeconds: 4 * 3600,
  ...RUN_QUEUE_DEFAULTS,
} as const;

async function send(boss: PgBoss, orgId: string, runId: string): Promise<void> {
  await boss.send(BULK_RUN_QUEUE, { orgId, runId } satisfies BulkRunJob, { singletonKey: runId });
}

/**
 * Why: the bulk routes start a run after its rows commit. A send that fails is reported, not
 * thrown: the run is committed as queued, and the next pass of `requeueStaleBulkRuns` sends it.
 */
export function bulkRunQueue(boss: PgBoss, onError: (error: unknown) => void): BulkRunQueue {
  return { enqueue: (orgId, runId) => send(boss, orgId, runId).catch(onError) };
}

/** Why: runs nobody holds go (back) on the queue; one already queued is not doubled. */
export async function requeueStaleBulkRuns(boss: PgBoss, db: Kysely<DB>): Promise<number> {
  const runs = await staleRuns(db, 100);
  for (const run of runs) await send(boss, run.org_id, run.id);
  return runs.length;
}

/** On shutdown, runs stop between chunks and are taken on by the next worker. */
export interface BulkRunWorkerOptions extends RunWorkerOptions {
  readonly runner: BulkRunner;
  readonly resumeIntervalMs?: number | undefined;
  readonly onError?: ((error: unknown) => void) | undefined;
}

async function runJob(options: BulkRunWorkerOptions, job: JobWithMetadata<BulkRunJob>): Promise<void> {
  const { orgId, runId } = bulkRunJobSchema.parse(job.data);
  const signal = AbortSignal.any([job.signal, options.shutdown]);
  const outcome = await options.runner.run(orgId, runId, { signal });
  if (outcome === 'stopped') throw new Error(`Bulk run ${runId} stopped with its process; it goes on later.`);
  if (outcome !== 'not_claimed') return;
  const status = await runStatus(options.db, orgId, runId);
  // Another process holds the lease: it runs the run, or, if it died, a retry takes it over.
  if (status === 'queued' || status === 'running')
    throw new Error(`Bulk run ${runId} is held by another process; retrying later.`);
}

/** Why: started by the app in processes that run jobs; resolves with a stop for shutdown. */
export async function workBulkRuns(options: BulkRunWorkerOptions): Promise<{ stop(): void }> {
  const { boss } = options;
  await boss.createQueue(BULK_RUN_QUEUE, BULK_RUN_QUEUE_OPTIONS);
  await workEachJob<BulkRunJob>(
    boss,
    BULK_RUN_QUEUE,
    { batchSize: 4, pollingIntervalSeconds: options.pollingIntervalSeconds ?? 1 },
    (job) => runJob(options, job),
  );
  return repeatEvery(
    () => requeueStaleBulkRuns(boss, options.db),
    options.resumeIntervalMs ?? BULK_RESUME_INTERVAL_MS,
    (error) => options.onError?.(error),
  );
}

/**
 * Why: the app's bulk runs: on the job queue where this process runs jobs (server.ts), else in
 * this process (tests of the app alone). Stopped before the database closes: runs stop between
 * chunks and go on later from their pending rows.
 */
export async function startBulkRuns(
  app: FastifyInstance,
  deps: { devices: DeviceDeps; boss: PgBoss | undefined },
): Promise<BulkRunQueue> {
  const onError = (error: unknown) => app.log.error({ err: error }, 'bulk action failed');
  const runner = createBulkRunner({ deps: deps.devices, onError });
  const { boss } = deps;
  if (!boss) {
    const local = runBulkRunsHere(deps.devices.db, runner, onError);
    app.addHook('preClose', () => local.stop());
    return local;
  }
  const shutdown = new AbortController();
  const worker = await workBulkRuns({
    boss,
    db: deps.devices.db,
    runner,
    shutdown: shutdown.signal,
    onError,
  });
  // Before the sync's preClose stops the queue: runs stop between chunks, their jobs retried later.
  app.addHook('preClose', async () => {
    worker.stop();
    shutdown.abort(new Error('The server is shutting down.'));
  });
  return bulkRunQueue(boss, onError);
}
