import { PgBoss, fromKysely, type Db, type JobWithMetadata } from 'pg-boss';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../db/client.ts';
import type { DB } from '../db/schema.ts';

/**
 * The durable job queue (pg-boss) on the database Fleetdeck runs on, by connection string (the
 * embedded server's socket or DATABASE_URL): several server processes may share the queue; each
 * job is fetched by one of them. See docs/decisions for the traps this avoids.
 */

export interface JobQueueOptions {
  readonly database: Database;
  /** pg-boss keeps its own small pool; the database's own connection string when unset. */
  readonly connectionString?: string | undefined;
  readonly onError?: ((error: Error) => void) | undefined;
}

/** Why: one constructor for the server, the benchmarks and the tests. */
export async function startJobQueue(options: JobQueueOptions): Promise<PgBoss> {
  const boss = createBoss(options);
  boss.on('error', (error: Error) => options.onError?.(error));
  await boss.start();
  return boss;
}

function createBoss({ database, connectionString }: JobQueueOptions): PgBoss {
  return new PgBoss({ connectionString: connectionString ?? database.url, max: 4 });
}

/**
 * Why: a job sent inside a transaction must go through that transaction, so a rollback drops the
 * job too.
 */
export function transactionDb(trx: Transaction<DB>): Db {
  return fromKysely(trx);
}

/** What the worker of a run queue is given by the app. */
export interface RunWorkerOptions {
  readonly boss: PgBoss;
  readonly db: Kysely<DB>;
  /** Aborted on shutdown: runs stop at their next safe point and are taken on by the next worker. */
  readonly shutdown: AbortSignal;
  readonly pollingIntervalSeconds?: number | undefined;
}

/** Settings every queue of a run shares: retried with backoff, a worker's death seen by its heartbeat. */
export const RUN_QUEUE_DEFAULTS = {
  retryBackoff: true,
  heartbeatSeconds: 30,
  deleteAfterSeconds: 7 * 86_400,
} as const;

export interface EachJobOptions {
  readonly batchSize: number;
  readonly pollingIntervalSeconds: number;
  readonly burstWhenBatchFull?: boolean | undefined;
}

/**
 * Why: a worker fetches jobs in batches, but each job answers for itself: one that throws is
 * failed (and retried by its queue's policy) without its batch-mates. Resolves with the worker id.
 */
export async function workEachJob<T extends object>(
  boss: PgBoss,
  queue: string,
  options: EachJobOptions,
  handle: (job: JobWithMetadata<T>) => Promise<void>,
): Promise<string> {
  return boss.work(
    queue,
    { ...options, includeMetadata: true, perJobResults: true },
    async (jobs: JobWithMetadata<T>[]) =>
      Promise.all(
        jobs.map(async (job) => {
          try {
            await handle(job);
            return { id: job.id, status: 'completed' as const };
          } catch (error) {
            const message = (error instanceof Error ? error.message : String(error)).slice(0, 2000);
            return { id: job.id, status: 'failed' as const, output: { message } };
          }
        }),
      ),
  );
}

/**
 * Why: a pass of this process at start and every `intervalMs` (runs whose process stopped put back
 * on their queue): a timer, where a pg-boss schedule's one-minute slots are too coarse.
 */
export function repeatEvery(
  pass: () => Promise<unknown>,
  intervalMs: number,
  onError: (error: unknown) => void,
): { stop(): void } {
  const run = () => void pass().catch(onError);
  const timer = setInterval(run, intervalMs);
  timer.unref();
  run();
  return { stop: () => clearInterval(timer) };
}
